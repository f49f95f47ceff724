//! Output files written whole or not at all: a temporary file beside the target, renamed into
//! place once every byte is written.
//!
//! A write that fails removes the temporary file and leaves the target as it was; a process
//! killed mid-write (SIGTERM, SIGKILL) leaves at most the temporary file `.NAME.toursat-PID-N.tmp`
//! beside the target, never a truncated target. A target that is not a regular file (a device
//! such as `/dev/stdout` or `/dev/full`, a FIFO) is written directly, as renaming over it would
//! replace the device; a symbolic link is followed, so its file is replaced and the link kept
//! (one link deep).

use std::fs::{self, File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A file being written in place of `target`: [`AtomicFile::commit`] moves it there, dropping it
/// uncommitted removes it.
#[derive(Debug)]
pub struct AtomicFile {
    /// Where the file goes.
    target: PathBuf,
    /// The temporary file beside the target; `None` when the target is written directly.
    temp: Option<PathBuf>,
}

/// Numbers the temporary files of one process apart.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

impl AtomicFile {
    /// Starts writing `target`: the guard, and the file to write into (the temporary file, or the
    /// target itself when it is not a regular file). The target is not touched until commit.
    pub fn create(target: &Path) -> io::Result<(AtomicFile, File)> {
        if fs::metadata(target).is_ok_and(|meta| !meta.is_file()) {
            let file = OpenOptions::new().write(true).truncate(true).open(target)?;
            let guard = AtomicFile {
                target: target.to_path_buf(),
                temp: None,
            };
            return Ok((guard, file));
        }
        let target = match fs::symlink_metadata(target) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let parent = target.parent().unwrap_or(Path::new(""));
                parent.join(fs::read_link(target)?)
            }
            _ => target.to_path_buf(),
        };
        let name = target
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "not a file name"))?;
        let temp_name = format!(
            ".{}.toursat-{}-{}.tmp",
            name.to_string_lossy(),
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let temp = target.with_file_name(temp_name);
        let file = OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        let guard = AtomicFile {
            target,
            temp: Some(temp),
        };
        Ok((guard, file))
    }

    /// Moves the written file into place. Everything written must have been flushed.
    pub fn commit(mut self) -> io::Result<()> {
        match self.temp.take() {
            Some(temp) => fs::rename(&temp, &self.target).inspect_err(|_| {
                let _ = fs::remove_file(&temp);
            }),
            None => Ok(()),
        }
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let _ = fs::remove_file(temp);
        }
    }
}

/// Writes the file at `path` whole by `write` (buffered), or leaves it untouched when `write`
/// or the writing fails.
pub fn write_file<E: From<io::Error>>(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> Result<(), E>,
) -> Result<(), E> {
    let (guard, file) = AtomicFile::create(path)?;
    let mut out = BufWriter::new(file);
    write(&mut out)?;
    out.flush()?;
    guard.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh empty directory for one test.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("toursat-atomic-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_finished_write_replaces_the_target_and_leaves_no_temporary_file() {
        let dir = scratch("finished");
        let target = dir.join("out.txt");
        fs::write(&target, "old").unwrap();
        write_file::<io::Error>(&target, |out| out.write_all(b"new text")).unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "new text");
        assert_eq!(entries(&dir), ["out.txt"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_leaves_the_target_untouched_and_no_temporary_file() {
        let dir = scratch("failed");
        let target = dir.join("out.txt");
        fs::write(&target, "old").unwrap();
        let failed = write_file(&target, |out| {
            out.write_all(b"half of it")?;
            Err(io::Error::other("stopped mid-write"))
        });
        assert!(failed.is_err());
        assert_eq!(fs::read_to_string(&target).unwrap(), "old");
        assert_eq!(entries(&dir), ["out.txt"]);
        let fresh = dir.join("fresh.txt");
        let failed = write_file(&fresh, |out| {
            out.write_all(b"half")?;
            Err(io::Error::other("stopped"))
        });
        assert!(failed.is_err());
        assert_eq!(entries(&dir), ["out.txt"]);
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn the_target_does_not_appear_before_commit() {
        let dir = scratch("commit");
        let target = dir.join("out.txt");
        let (guard, mut file) = AtomicFile::create(&target).unwrap();
        file.write_all(b"written").unwrap();
        assert!(!target.exists());
        guard.commit().unwrap();
        assert_eq!(fs::read_to_string(&target).unwrap(), "written");
        fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_path_under_a_regular_file_is_an_error() {
        let dir = scratch("under");
        let file = dir.join("afile");
        fs::write(&file, "x").unwrap();
        assert!(write_file::<io::Error>(&file.join("out"), |out| out.write_all(b"y")).is_err());
        assert_eq!(entries(&dir), ["afile"]);
        fs::remove_dir_all(dir).unwrap();
    }
}
