//! Counting open connections, in all and per client address, so that one client cannot hold every file
//! descriptor (slowloris: the probe's 1,100 half-sent requests blocked `/healthz` for everyone).
use std::collections::HashMap;
use std::io;
use std::net::IpAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// Why a connection was not admitted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// `max_connections` are open.
    ServerFull,
    /// This address holds `max_connections_per_addr`.
    AddrFull,
}

impl Refusal {
    pub fn label(self) -> &'static str {
        match self {
            Refusal::ServerFull => "server_full",
            Refusal::AddrFull => "addr_full",
        }
    }
}

#[derive(Debug)]
pub struct ConnLimits {
    max: usize,
    max_per_addr: usize,
    open: Mutex<Open>,
}

#[derive(Debug, Default)]
struct Open {
    total: usize,
    by_addr: HashMap<IpAddr, usize>,
}

impl ConnLimits {
    pub fn new(max: usize, max_per_addr: usize) -> Arc<ConnLimits> {
        Arc::new(ConnLimits { max, max_per_addr, open: Mutex::new(Open::default()) })
    }

    /// Counts a new connection from `addr` in, or says why not. The permit counts it out when dropped.
    pub fn admit(self: &Arc<Self>, addr: IpAddr) -> Result<ConnPermit, Refusal> {
        let mut open = self.open.lock().expect("connection counts lock");
        if open.total >= self.max {
            return Err(Refusal::ServerFull);
        }
        let mine = open.by_addr.entry(addr).or_default();
        if *mine >= self.max_per_addr {
            return Err(Refusal::AddrFull);
        }
        *mine += 1;
        open.total += 1;
        Ok(ConnPermit { limits: self.clone(), addr })
    }

    /// Connections open now (for the gauge and tests).
    pub fn open(&self) -> usize {
        self.open.lock().expect("connection counts lock").total
    }
}

/// One admitted connection; dropping it frees its place.
#[derive(Debug)]
pub struct ConnPermit {
    limits: Arc<ConnLimits>,
    addr: IpAddr,
}

impl Drop for ConnPermit {
    fn drop(&mut self) {
        let mut open = self.limits.open.lock().expect("connection counts lock");
        open.total -= 1;
        if let Some(n) = open.by_addr.get_mut(&self.addr) {
            *n -= 1;
            if *n == 0 {
                open.by_addr.remove(&self.addr);
            }
        }
    }
}

/// A socket carrying its permit. A WebSocket upgrade hands the socket itself to the socket task, so the
/// permit has to live in the I/O object to keep counting the connection until the WebSocket closes.
pub struct PermittedStream {
    inner: TcpStream,
    _permit: ConnPermit,
}

impl PermittedStream {
    pub fn new(inner: TcpStream, permit: ConnPermit) -> PermittedStream {
        PermittedStream { inner, _permit: permit }
    }
}

impl AsyncRead for PermittedStream {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for PermittedStream {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_in_all_and_per_address_and_frees_on_drop() {
        let limits = ConnLimits::new(3, 2);
        let (a, b) = (IpAddr::from([10, 0, 0, 1]), IpAddr::from([10, 0, 0, 2]));
        let a1 = limits.admit(a).unwrap();
        let _a2 = limits.admit(a).unwrap();
        assert_eq!(limits.admit(a).unwrap_err(), Refusal::AddrFull);
        let _b1 = limits.admit(b).unwrap();
        assert_eq!(limits.admit(b).unwrap_err(), Refusal::ServerFull);
        drop(a1);
        assert_eq!(limits.open(), 2);
        let _a3 = limits.admit(a).expect("a's place was freed");
    }
}
