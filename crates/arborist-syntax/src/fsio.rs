//! Opening files without ever blocking on a special one: a FIFO's `open` waits for a writer and a device
//! such as `/dev/zero` never ends, so every file the tools read is opened here, non-blocking, and kept
//! only when it is a regular file.

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::path::Path;

/// Opens `path` for reading when it is a regular file (symbolic links followed): `Ok(None)` for a
/// directory, FIFO, socket or device, which is never read.
pub fn open_regular(path: &Path) -> io::Result<Option<(File, Metadata)>> {
    // stat first: a socket cannot be opened at all, a FIFO is better not opened
    if !std::fs::metadata(path)?.is_file() {
        return Ok(None);
    }
    let file = open_nonblocking(path)?;
    // the path may have been replaced between stat and open: judge the file that was opened
    let meta = file.metadata()?;
    Ok(meta.is_file().then_some((file, meta)))
}

/// The bytes and metadata of a regular file; `Ok(None)` when it is not one.
pub fn read_regular(path: &Path) -> io::Result<Option<(Vec<u8>, Metadata)>> {
    let Some((mut file, meta)) = open_regular(path)? else { return Ok(None) };
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.read_to_end(&mut bytes)?;
    Ok(Some((bytes, meta)))
}

#[cfg(unix)]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new().read(true).custom_flags(libc::O_NONBLOCK).open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    File::open(path)
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn special_files_are_not_read() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        assert!(read_regular(&fifo).unwrap().is_none(), "a FIFO is never read");
        assert!(read_regular(Path::new("/dev/zero")).unwrap().is_none(), "a device is never read");
        assert!(read_regular(dir.path()).unwrap().is_none(), "a directory is not a file");
        std::fs::write(dir.path().join("a.txt"), "hi").unwrap();
        assert_eq!(read_regular(&dir.path().join("a.txt")).unwrap().unwrap().0, b"hi");
    }
}
