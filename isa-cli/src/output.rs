//! Writing to stdout and output files without panicking on I/O errors.
//!
//! An output file (`-o FILE`) is written whole to a temporary file beside it
//! and renamed over `FILE` only once every byte is written and flushed: a
//! failing write (a full disk, `ulimit -f`, a closed pipe) or an interrupted
//! one never changes an existing `FILE`. Outputs that are not regular files
//! (`/dev/null`, a FIFO) are written in place, since renaming over them
//! would replace them.

use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};
use std::path::{Path, PathBuf};

use crate::failure::Failure;

/// Buffered stdout. A closed pipe ends the command quietly; any other write
/// error becomes a failure instead of a panic.
pub struct Stdout {
    inner: BufWriter<StdoutLock<'static>>,
}

impl Stdout {
    /// Locks stdout for the whole command.
    pub fn new() -> Self {
        Stdout {
            inner: BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.bytes(text.as_bytes())?;
        self.bytes(b"\n")
    }

    /// Writes raw bytes.
    pub fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.inner.write_all(bytes).map_err(write_failure)
    }

    /// Flushes what is buffered.
    pub fn flush(&mut self) -> Result<(), Failure> {
        self.inner.flush().map_err(write_failure)
    }

    /// Runs a printer that writes to an `io::Write` as it goes (a streaming
    /// disassembler), through this buffer, then flushes; a write failure is
    /// reported as [`Stdout::bytes`] reports it.
    pub fn stream(&mut self, print: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> Result<(), Failure> {
        let mut sink = Sink {
            out: self,
            failure: None,
        };
        if print(&mut sink).is_err() {
            return Err(sink
                .failure
                .unwrap_or_else(|| Failure::input_one("error: writing to stdout")));
        }
        self.flush()
    }
}

/// Where a command's text goes, line by line: [`Stdout`], or a `Vec<u8>`
/// (in tests).
pub trait Emit {
    /// Writes raw bytes.
    fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure>;

    /// Writes `text` and a newline.
    fn line(&mut self, text: &str) -> Result<(), Failure> {
        self.bytes(text.as_bytes())?;
        self.bytes(b"\n")
    }
}

impl Emit for Stdout {
    fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        Stdout::bytes(self, bytes)
    }
}

impl Emit for Vec<u8> {
    fn bytes(&mut self, bytes: &[u8]) -> Result<(), Failure> {
        self.extend_from_slice(bytes);
        Ok(())
    }
}

/// [`Stdout`] as an `io::Write`, keeping the failure of its first bad write.
struct Sink<'a> {
    out: &'a mut Stdout,
    failure: Option<Failure>,
}

impl Write for Sink<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        match self.out.bytes(buf) {
            Ok(()) => Ok(buf.len()),
            Err(f) => {
                self.failure = Some(f);
                Err(io::Error::other("stdout"))
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Writes a whole output file (`-` means stdout), atomically: see the
/// module's documentation. On failure the message names the file and says
/// that it is unchanged.
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    write_with(path, |out| out.write_all(bytes).map_err(write_error))
}

/// The failure for a write to the output that failed; [`write_with`]
/// replaces it with one that names the output.
pub fn write_error(e: io::Error) -> Failure {
    Failure::input_one(format!("error: writing the output: {e}"))
}

/// Writes an output file (`-` means stdout) through `write`, which writes
/// it as it goes, buffered: atomically, as [`write_file`] does. When
/// `write` fails, the output file is left as it was, and a failure of the
/// output itself is reported as [`write_file`] reports it. Stdout, and
/// outputs that are not regular files, get nothing unless `write`
/// succeeds (what it writes is held in memory until then).
pub fn write_with(path: &Path, write: impl FnOnce(&mut dyn Write) -> Result<(), Failure>) -> Result<(), Failure> {
    if path.as_os_str() == "-" {
        // Held until `write` succeeds: stdout gets all of it or nothing.
        let mut held = Vec::new();
        write(&mut held)?;
        let mut out = Stdout::new();
        out.bytes(&held)?;
        return out.flush();
    }
    let name = crate::input::shown(path);
    // Write through a symlink to the file it names, as a plain write would.
    let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let existing = std::fs::metadata(&target).ok();
    if existing.as_ref().is_some_and(|m| !m.is_file()) {
        // Held as for stdout: the file is opened only once all is written.
        let mut held = Vec::new();
        write(&mut held)?;
        return std::fs::write(&target, held).map_err(|e| Failure::input_one(format!("{name}: {e}")));
    }
    let unchanged = if existing.is_some() {
        "the file is unchanged"
    } else {
        "nothing was written"
    };
    let failed = |what: &str, e: io::Error| Failure::input_one(format!("{name}: {what}: {e}; {unchanged}"));
    let dir = match target.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let mut temp = temp_beside(&dir, &target).map_err(|e| {
        failed(
            &format!("cannot create a temporary file in {}", crate::input::shown(&dir)),
            e,
        )
    })?;
    if let Some(meta) = &existing {
        // The umask applies at creation; an existing file keeps its mode.
        let _ = temp.as_file().set_permissions(meta.permissions());
    }
    {
        // The file itself, not the `NamedTempFile`, whose errors name its path.
        let mut out = Recorder::new(temp.as_file_mut());
        if let Err(f) = write(&mut out) {
            // Dropping `temp` removes it.
            return Err(out.error.map_or(f, |e| failed("writing failed", e)));
        }
        out.finish().map_err(|e| failed("writing failed", e))?;
    }
    temp.as_file_mut().sync_all().map_err(|e| failed("writing failed", e))?;
    temp.persist(&target)
        .map_err(|e| failed("replacing it failed", e.error))?;
    Ok(())
}

/// A buffered writer that keeps its first error.
struct Recorder<W: Write> {
    inner: BufWriter<W>,
    error: Option<io::Error>,
}

impl<W: Write> Recorder<W> {
    fn new(inner: W) -> Self {
        Recorder {
            inner: BufWriter::with_capacity(1 << 16, inner),
            error: None,
        }
    }

    /// Flushes, or gives back the first error.
    fn finish(mut self) -> io::Result<()> {
        match self.error.take() {
            Some(e) => Err(e),
            None => self.inner.flush(),
        }
    }
}

impl<W: Write> Write for Recorder<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.error.is_some() {
            return Err(io::Error::other("an earlier write failed"));
        }
        self.inner
            .write(buf)
            .inspect_err(|e| self.error = Some(io::Error::new(e.kind(), e.to_string())))
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        if self.error.is_some() {
            return Err(io::Error::other("an earlier write failed"));
        }
        self.inner
            .write_all(buf)
            .inspect_err(|e| self.error = Some(io::Error::new(e.kind(), e.to_string())))
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A temporary file beside `target`, named after it (`.NAME.XXXXXX.tmp`),
/// created as `std::fs::write` would create `target` (0666 less the umask,
/// on unix).
fn temp_beside(dir: &Path, target: &Path) -> io::Result<tempfile::NamedTempFile> {
    let stem = target.file_name().map_or_else(|| "out".into(), |n| n.to_string_lossy());
    let prefix = format!(".{stem}.");
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    builder.tempfile_in(dir)
}

/// Refuses (exit 2) an output file that is one of the inputs, before
/// anything is read: writing it would destroy what is being read. Paths
/// name the same file when they have the same device and inode (unix; so
/// links and other spellings count), or the same canonical path elsewhere.
/// `-` (stdout, stdin) and outputs that do not exist yet pass.
pub fn refuse_input_as_output<'a>(output: &Path, inputs: impl IntoIterator<Item = &'a Path>) -> Result<(), Failure> {
    if output.as_os_str() == "-" {
        return Ok(());
    }
    let Ok(out_meta) = std::fs::metadata(output) else {
        return Ok(());
    };
    for input in inputs {
        if input.as_os_str() == "-" {
            continue;
        }
        if same_file(output, &out_meta, input) {
            return Err(Failure::usage(format!(
                "the output `{}` is the input `{}`: writing it would destroy the input; choose another -o",
                crate::input::shown(output),
                crate::input::shown(input)
            )));
        }
    }
    Ok(())
}

#[cfg(unix)]
fn same_file(_output: &Path, out_meta: &std::fs::Metadata, input: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    // Only regular files can be destroyed by the write (`/dev/stdin` as the
    // input and `/dev/stdout` as the output are fine).
    std::fs::metadata(input)
        .is_ok_and(|m| m.is_file() && out_meta.is_file() && m.dev() == out_meta.dev() && m.ino() == out_meta.ino())
}

#[cfg(not(unix))]
fn same_file(output: &Path, out_meta: &std::fs::Metadata, input: &Path) -> bool {
    out_meta.is_file()
        && matches!(
            (std::fs::canonicalize(output), std::fs::canonicalize(input)),
            (Ok(a), Ok(b)) if a == b
        )
}

fn write_failure(e: io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        Failure::broken_pipe()
    } else {
        Failure::input_one(format!("error: writing to stdout: {e}"))
    }
}
