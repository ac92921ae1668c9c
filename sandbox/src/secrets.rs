//! Secrets at rest: the data directory is created 0700, the database and its WAL files are
//! 0600, and the JWT signing secret lives in its own 0600 file next to the database (so a copy
//! of the database alone cannot mint tokens).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use rand::RngCore;

/// Creates missing directories of `dir` with mode 0700. Existing ones (e.g. /tmp) are left
/// as they are: they are not ours to change.
pub fn create_private_dir(dir: &Path) -> Result<(), String> {
    if dir.as_os_str().is_empty() || dir.is_dir() {
        return Ok(());
    }
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::DirBuilderExt;
        builder.mode(0o700);
    }
    builder
        .create(dir)
        .map_err(|e| format!("cannot create {}: {e}", dir.display()))
}

/// Creates `path` empty with mode 0600 when it does not exist yet (SQLite then gives its WAL
/// and shared-memory files the same mode), and tightens an existing file and its companions.
pub fn private_db_file(path: &Path) -> Result<(), String> {
    if !path.exists() {
        let mut opts = fs::OpenOptions::new();
        opts.write(true).create_new(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            opts.mode(0o600);
        }
        match opts.open(path) {
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(format!("cannot create {}: {e}", path.display())),
        }
    }
    for p in [
        path.to_path_buf(),
        with_suffix(path, "-wal"),
        with_suffix(path, "-shm"),
    ] {
        if p.exists() {
            make_private(&p)?;
        }
    }
    Ok(())
}

/// Writes `bytes` to `path` (a new file, mode 0600) in `dir`, creating `dir` and its missing
/// parents with mode 0700.
pub fn write_private(dir: &Path, path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut builder = fs::DirBuilder::new();
    builder.recursive(true);
    let mut opts = fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
        builder.mode(0o700);
        opts.mode(0o600);
    }
    builder.create(dir)?;
    // Folders an older sandbox made 0755 are tightened too: the player's and the documents one.
    #[cfg(unix)]
    for d in [Some(dir), dir.parent()].into_iter().flatten() {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(d, fs::Permissions::from_mode(0o700))?;
    }
    opts.open(path)?.write_all(bytes)
}

/// Mode 0600 (owner read/write only).
pub fn make_private(path: &Path) -> Result<(), String> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        fs::set_permissions(path, fs::Permissions::from_mode(0o600))
            .map_err(|e| format!("cannot restrict {}: {e}", path.display()))?;
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

/// Where the signing secret of a file database lives: `<db>.secret`.
pub fn secret_path(db: &Path) -> PathBuf {
    with_suffix(db, ".secret")
}

/// Reads the secret file, or writes `fallback()` (a secret carried over from an older
/// database, else a fresh random one) into a new 0600 file.
pub fn load_or_create_secret(
    path: &Path,
    fallback: impl FnOnce() -> Option<Vec<u8>>,
) -> Result<Vec<u8>, String> {
    if let Ok(text) = fs::read_to_string(path) {
        if let Some(bytes) = crate::seed::from_hex(text.trim()).filter(|b| b.len() >= 32) {
            make_private(path)?;
            return Ok(bytes);
        }
    }
    let bytes = fallback().unwrap_or_else(random_secret);
    let mut opts = fs::OpenOptions::new();
    opts.write(true).create(true).truncate(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        opts.mode(0o600);
    }
    let mut file = opts
        .open(path)
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    file.write_all(crate::seed::to_hex(&bytes).as_bytes())
        .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    make_private(path)?;
    Ok(bytes)
}

pub fn random_secret() -> Vec<u8> {
    let mut bytes = vec![0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// 128 random bits as hex: session ids and reset codes.
pub fn random_token() -> String {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    crate::seed::to_hex(&bytes)
}
