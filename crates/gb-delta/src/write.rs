//! Writing a document and its [`Index`] in one pass (issue 14): serde_json hands every bracket it writes to its
//! `Formatter`, so the formatter notes where each container opens and closes as it goes, and the document is
//! never scanned again to index it (`Index::rebuild`'s byte-by-byte pass was a quarter of a projection's
//! instructions once the diff stopped allocating; callgrind over the frames bench).
use crate::text::Index;
use serde::Serialize;
use serde_json::ser::Formatter;
use std::cell::Cell;
use std::io;

/// Appends `value` to `text` as compact JSON (what `serde_json::to_writer` writes), and its containers to
/// `index`, the index of what `text` held before (cleared for a new document: [`Index::clear`]).
pub fn write_indexed<T: Serialize + ?Sized>(value: &T, text: &mut Vec<u8>, index: &mut Index) {
    let len = Cell::new(text.len());
    let writer = Tracked { text, len: &len };
    let mut ser = serde_json::Serializer::with_formatter(writer, Indexing { len: &len, index });
    value.serialize(&mut ser).expect("views serialize");
}

/// A `Vec<u8>` writer that says how long the text is after each write, for [`Indexing`] to read.
struct Tracked<'t, 'c> {
    text: &'t mut Vec<u8>,
    len: &'c Cell<usize>,
}

impl io::Write for Tracked<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        // Most of serde_json's writes are one byte (quotes, colons, commas, brackets): a push, not a `memcpy` call
        // (a tenth of a projection's instructions were `memcpy`'s, callgrind; issue 14).
        match buf {
            [b] => self.text.push(*b),
            _ => self.text.extend_from_slice(buf),
        }
        self.len.set(self.text.len());
        Ok(buf.len())
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.write(buf).map(drop)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// serde_json's compact formatter (every method's default), plus noting each container in the index.
struct Indexing<'c, 'i> {
    len: &'c Cell<usize>,
    index: &'i mut Index,
}

impl Indexing<'_, '_> {
    /// Writes an opening bracket, noting where it is.
    fn open<W: ?Sized + io::Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.index.open(self.len.get());
        writer.write_all(bracket)
    }
    /// Writes a closing bracket, noting where its container ends.
    fn close<W: ?Sized + io::Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        writer.write_all(bracket)?;
        self.index.close(self.len.get());
        Ok(())
    }
}

impl Formatter for Indexing<'_, '_> {
    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"[")
    }
    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"]")
    }
    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"{")
    }
    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"}")
    }
}
