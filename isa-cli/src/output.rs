//! Writing to stdout and output files without panicking on I/O errors.

use std::io::{self, BufWriter, ErrorKind, StdoutLock, Write};
use std::path::Path;

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
}

/// Writes a whole output file (`-` means stdout).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    if path.as_os_str() == "-" {
        let mut out = Stdout::new();
        out.bytes(bytes)?;
        return out.flush();
    }
    std::fs::write(path, bytes).map_err(|e| Failure::input_one(format!("{}: {e}", path.display())))
}

fn write_failure(e: io::Error) -> Failure {
    if e.kind() == ErrorKind::BrokenPipe {
        Failure::broken_pipe()
    } else {
        Failure::input_one(format!("error: writing to stdout: {e}"))
    }
}
