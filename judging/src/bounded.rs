//! Reading what comes from outside without trusting its kind or its size: a file opened only when
//! it is a regular one (a FIFO would block the runner, a link to `/dev/zero` never ends) and read
//! whole only up to a bound; a folder a program wrote measured as a disk and a reader see it.

use std::fs::File;
use std::io::{self, Read};
use std::os::unix::fs::OpenOptionsExt;
use std::path::Path;

/// Opens `path` for reading when it is a regular file (a link to one is followed). It is opened
/// without blocking (a FIFO's open waits for a writer) and its kind is checked on the open
/// descriptor, so what is read is what was checked. The error names the file and what it is.
pub fn open_regular(path: &Path) -> io::Result<File> {
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    let kind = file.metadata()?.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: not a regular file ({}): refused",
                path.display(),
                kind_name(&kind)
            ),
        ));
    }
    // Reads block again as usual (a regular file never blocks anyway).
    // SAFETY: fcntl on a descriptor this function owns; F_SETFL takes an int.
    unsafe {
        let fd = std::os::fd::AsRawFd::as_raw_fd(&file);
        let flags = libc::fcntl(fd, libc::F_GETFL);
        if flags >= 0 {
            libc::fcntl(fd, libc::F_SETFL, flags & !libc::O_NONBLOCK);
        }
    }
    Ok(file)
}

/// "a FIFO", "a directory", … for a message.
fn kind_name(kind: &std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if kind.is_dir() {
        "a directory"
    } else if kind.is_fifo() {
        "a FIFO"
    } else if kind.is_char_device() {
        "a character device"
    } else if kind.is_block_device() {
        "a block device"
    } else if kind.is_socket() {
        "a socket"
    } else {
        "not a file"
    }
}

/// The whole of the regular file `path`, refused (with the file named) when it holds more than
/// `max` bytes. What is read is bounded whatever the file claims or becomes while it is read.
pub fn read_regular(path: &Path, max: u64) -> io::Result<Vec<u8>> {
    let file = open_regular(path)?;
    let mut bytes = Vec::new();
    file.take(max.saturating_add(1)).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > max {
        return Err(io::Error::new(
            io::ErrorKind::InvalidData,
            format!(
                "{}: larger than {max} bytes: refused (it is read whole)",
                path.display()
            ),
        ));
    }
    Ok(bytes)
}

/// The bytes the files under `dir` take, links not followed: for each file the larger of its
/// apparent size and its allocated blocks. The apparent size is what any reader or copy of the
/// file gets (a sparse file of 1 GiB is 1 GiB to whoever reads or copies it without holes, as
/// the runner reads a program's files back); the allocated blocks are what the disk holds, which
/// can be more than the apparent size (space allocated past the end). Counting the larger
/// bounds both. Entries past `most_entries` are not looked at and count as `u64::MAX`.
pub fn disk_bytes(dir: &Path, most_entries: usize) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let mut total = 0u64;
    let walk = walkdir::WalkDir::new(dir).follow_links(false);
    for (n, entry) in walk.into_iter().enumerate() {
        if n > most_entries {
            return u64::MAX;
        }
        let Ok(meta) = entry.and_then(|e| e.metadata()) else {
            continue;
        };
        let on_disk = meta.len().max(meta.blocks().saturating_mul(512));
        total = total.saturating_add(on_disk);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_a_device_and_a_directory_are_refused_at_once() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("f");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid C string.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let zero = dir.path().join("z");
        std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
        for (p, what) in [
            (&fifo, "a FIFO"),
            (&zero, "a character device"),
            (&dir.path().to_path_buf(), "a directory"),
        ] {
            let e = read_regular(p, 1 << 20).unwrap_err().to_string();
            assert!(e.contains(what) && e.contains("refused"), "{e}");
        }
        let file = dir.path().join("ok");
        std::fs::write(&file, "12345").unwrap();
        assert_eq!(read_regular(&file, 5).unwrap(), b"12345");
        let e = read_regular(&file, 4).unwrap_err().to_string();
        assert!(e.contains("larger than 4 bytes"), "{e}");
    }

    #[test]
    fn sparse_files_count_at_their_apparent_size_and_dense_ones_at_their_blocks() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..3 {
            File::create(dir.path().join(format!("s{i}")))
                .unwrap()
                .set_len(1 << 30)
                .unwrap();
        }
        std::fs::create_dir(dir.path().join("d")).unwrap();
        std::fs::write(dir.path().join("d/one"), b"x").unwrap();
        let total = disk_bytes(dir.path(), 100);
        // Three sparse GiB, and one byte that takes at least a block (folders count too).
        assert!(total >= (3 << 30) + 512, "{total}");
        assert!(total < (3 << 30) + (1 << 20), "{total}");
        assert_eq!(disk_bytes(dir.path(), 2), u64::MAX);
    }
}
