//! Fails when the committed TypeScript bindings in `web-client/src/gen/` are stale: exports every protocol type
//! (and the gb-core types they use) to a scratch directory with ts-rs and compares file by file.
//! Regenerate with `GB_UPDATE_BINDINGS=1 cargo test -p gb-protocol --test bindings`.
use std::path::Path;

#[test]
fn typescript_bindings_are_fresh() {
    let scratch = std::env::temp_dir().join(format!("gb-bindings-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    gb_protocol::export_bindings(&scratch).expect("bindings export");
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web-client/src/gen");
    let update = std::env::var_os("GB_UPDATE_BINDINGS").is_some();
    let mut stale = Vec::new();
    for entry in std::fs::read_dir(&scratch).expect("scratch dir") {
        let path = entry.expect("dir entry").path();
        let name = path.file_name().expect("file name").to_owned();
        let fresh = std::fs::read_to_string(&path).expect("fresh binding");
        let target = committed.join(&name);
        if std::fs::read_to_string(&target).ok().as_deref() != Some(fresh.as_str()) {
            if update {
                std::fs::write(&target, &fresh).expect("write binding");
            } else {
                stale.push(name.to_string_lossy().into_owned());
            }
        }
    }
    let _ = std::fs::remove_dir_all(&scratch);
    stale.sort();
    assert!(
        stale.is_empty(),
        "stale or missing TypeScript bindings in web-client/src/gen: {stale:?}\n\
         regenerate with: GB_UPDATE_BINDINGS=1 cargo test -p gb-protocol --test bindings"
    );
}
