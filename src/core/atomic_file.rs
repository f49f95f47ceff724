//! Output files written whole or not at all: a temporary file beside the target, renamed into
//! place once every byte is written.
//!
//! A write that fails removes the temporary file and leaves the target as it was; a process
//! killed mid-write by SIGKILL leaves at most the temporary file `.NAME.toursat-PID-N.tmp`
//! beside the target, never a truncated target, and the command line removes it on SIGTERM,
//! SIGINT and SIGHUP ([`remove_temporary_files`]). A target that is not a regular file (a
//! device such as `/dev/stdout` or `/dev/full`, a FIFO) is written directly, as renaming over it
//! would replace the device; a symbolic link is followed, so its file is replaced and the link
//! kept (one link deep).
//!
//! A file replaced stays the file the user had, as far as renaming allows: it is refused when
//! the user may not write it (its mode or owner forbid it, whatever the folder allows); the new
//! file takes its permission bits, and its owner and group where the user may give them. A file
//! with other hard links, or whose owner or group cannot be kept, is not renamed over: the
//! temporary file is copied into it at commit, so the links and the owner stay (a kill or a
//! full disk during that last copy can leave it part written).

use std::fs::{self, File, Metadata, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, PoisonError};

/// A file being written in place of `target`: [`AtomicFile::commit`] moves it there, dropping it
/// uncommitted removes it.
#[derive(Debug)]
pub struct AtomicFile {
    /// Where the file goes.
    target: PathBuf,
    /// The temporary file beside the target; `None` when the target is written directly.
    temp: Option<PathBuf>,
    /// Whether commit copies the temporary file into the target instead of renaming it over
    /// (a target with other hard links, or whose owner the new file could not take).
    copy_into_target: bool,
}

/// Numbers the temporary files of one process apart.
static TEMP_COUNTER: AtomicU64 = AtomicU64::new(0);

/// The temporary files of this process not yet committed or removed.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The list of temporary files, held (a panic elsewhere does not lose it).
fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Removes every temporary file of this process not yet committed: for a signal handler, before
/// the process ends. A commit after it fails, leaving its target as it was.
pub fn remove_temporary_files() {
    for temp in temporaries().drain(..) {
        let _ = fs::remove_file(temp);
    }
}

impl AtomicFile {
    /// Starts writing `target`: the guard, and the file to write into (the temporary file, or the
    /// target itself when it is not a regular file). The target is not touched until commit; a
    /// target the user may not write is refused (`PermissionDenied`).
    pub fn create(target: &Path) -> io::Result<(AtomicFile, File)> {
        if fs::metadata(target).is_ok_and(|meta| !meta.is_file()) {
            let file = OpenOptions::new().write(true).truncate(true).open(target)?;
            let guard = AtomicFile {
                target: target.to_path_buf(),
                temp: None,
                copy_into_target: false,
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
        let replaced = match fs::metadata(&target) {
            Ok(meta) => Some(meta),
            Err(error) if error.kind() == io::ErrorKind::NotFound => None,
            Err(error) => return Err(error),
        };
        if let Some(meta) = &replaced {
            refuse_unless_writable(&target, meta)?;
        }
        let temp_name = format!(
            ".{}.toursat-{}-{}.tmp",
            name.to_string_lossy(),
            std::process::id(),
            TEMP_COUNTER.fetch_add(1, Ordering::Relaxed)
        );
        let temp = target.with_file_name(temp_name);
        let file = {
            let mut live = temporaries();
            let mut options = OpenOptions::new();
            options.write(true).create_new(true);
            if let Some(meta) = &replaced {
                narrow_new_file_mode(&mut options, meta);
            }
            let file = options.open(&temp)?;
            live.push(temp.clone());
            file
        };
        let mut guard = AtomicFile {
            target,
            temp: Some(temp),
            copy_into_target: false,
        };
        if let Some(meta) = &replaced {
            guard.copy_into_target = !take_attributes(&file, meta)?;
        }
        Ok((guard, file))
    }

    /// Moves the written file into place (or copies it into a target kept for its links or
    /// owner). Everything written must have been flushed.
    pub fn commit(mut self) -> io::Result<()> {
        let Some(temp) = self.temp.take() else {
            return Ok(());
        };
        let mut live = temporaries();
        let Some(index) = live.iter().position(|path| *path == temp) else {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "stopped: the temporary file was removed",
            ));
        };
        live.swap_remove(index);
        let moved = if self.copy_into_target {
            copy_into(&temp, &self.target)
        } else {
            fs::rename(&temp, &self.target)
        };
        if moved.is_err() || self.copy_into_target {
            let _ = fs::remove_file(&temp);
        }
        moved
    }
}

impl Drop for AtomicFile {
    fn drop(&mut self) {
        if let Some(temp) = self.temp.take() {
            let mut live = temporaries();
            if let Some(index) = live.iter().position(|path| *path == temp) {
                live.swap_remove(index);
                let _ = fs::remove_file(temp);
            }
        }
    }
}

/// Copies the written file `temp` into `target`, which keeps its identity (its links, owner and
/// mode).
fn copy_into(temp: &Path, target: &Path) -> io::Result<()> {
    let mut written = File::open(temp)?;
    let mut out = OpenOptions::new().write(true).truncate(true).open(target)?;
    io::copy(&mut written, &mut out)?;
    out.sync_data()
}

/// Refuses to replace `target` (of metadata `meta`) when the user may not write it: renaming
/// over it needs only the folder's permission, which must not stand in for the file's.
#[cfg(unix)]
fn refuse_unless_writable(target: &Path, meta: &Metadata) -> io::Result<()> {
    use std::ffi::CString;
    use std::os::unix::ffi::OsStrExt;
    use std::os::unix::fs::MetadataExt;
    let path = CString::new(target.as_os_str().as_bytes())?;
    // SAFETY: `path` is a NUL-terminated string that outlives the call, which only reads it.
    let allowed =
        unsafe { libc::faccessat(libc::AT_FDCWD, path.as_ptr(), libc::W_OK, libc::AT_EACCESS) };
    if allowed == 0 {
        return Ok(());
    }
    let error = io::Error::last_os_error();
    if error.raw_os_error() != Some(libc::EACCES) {
        return Err(error);
    }
    Err(io::Error::new(
        io::ErrorKind::PermissionDenied,
        format!(
            "not replaced: the file is not writable by you (mode {:04o}, owner uid {}), whatever \
             its folder allows",
            meta.mode() & 0o7777,
            meta.uid()
        ),
    ))
}

/// Elsewhere the file's read-only flag stands for its permission.
#[cfg(not(unix))]
fn refuse_unless_writable(_target: &Path, meta: &Metadata) -> io::Result<()> {
    match meta.permissions().readonly() {
        true => Err(io::Error::new(
            io::ErrorKind::PermissionDenied,
            "not replaced: the file is read-only",
        )),
        false => Ok(()),
    }
}

/// Creates the temporary file no more open than the file it replaces (the umask may narrow it
/// further; [`take_attributes`] sets the mode exactly).
#[cfg(unix)]
fn narrow_new_file_mode(options: &mut OpenOptions, replaced: &Metadata) {
    use std::os::unix::fs::{MetadataExt, OpenOptionsExt};
    options.mode(replaced.mode() & 0o777);
}

/// Elsewhere files have no mode bits.
#[cfg(not(unix))]
fn narrow_new_file_mode(_options: &mut OpenOptions, _replaced: &Metadata) {}

/// Gives the new file `file` the permission bits, owner and group of the file it replaces;
/// false when it should be copied into the target instead of renamed over it (the target has
/// other hard links, or its owner or group cannot be given).
#[cfg(unix)]
fn take_attributes(file: &File, replaced: &Metadata) -> io::Result<bool> {
    use std::os::unix::fs::{fchown, MetadataExt, PermissionsExt};
    file.set_permissions(fs::Permissions::from_mode(replaced.mode() & 0o777))?;
    let owned = fchown(file, Some(replaced.uid()), Some(replaced.gid())).is_ok();
    Ok(owned && replaced.nlink() == 1)
}

/// Elsewhere the new file is renamed over the old one.
#[cfg(not(unix))]
fn take_attributes(_file: &File, _replaced: &Metadata) -> io::Result<bool> {
    Ok(true)
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
