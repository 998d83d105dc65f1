//! Command failures: the messages to print and the exit code to return.

use std::fmt::Display;

/// Exit code for bad input (a file that does not assemble or decode, an I/O error).
pub const EXIT_INPUT: u8 = 1;
/// Exit code for a command that cannot run as asked (also clap's usage errors).
pub const EXIT_USAGE: u8 = 2;

/// Why a command failed: every message to print on stderr, and the exit code.
#[derive(Debug)]
pub struct Failure {
    /// The process exit code.
    pub code: u8,
    /// Messages, one per line, already located (`file:line:col: …`,
    /// `file: byte 0x…: …`) where a location is known.
    pub messages: Vec<String>,
}

impl Failure {
    /// Bad input: exit code 1, with one message per problem found.
    pub fn input(messages: Vec<String>) -> Self {
        Failure {
            code: EXIT_INPUT,
            messages,
        }
    }

    /// One problem with the input: exit code 1.
    pub fn input_one(message: impl Display) -> Self {
        Self::input(vec![message.to_string()])
    }

    /// A request the tool cannot carry out (such as an option that does not
    /// apply, or an ISA that is not implemented yet): exit code 2.
    pub fn usage(message: impl Display) -> Self {
        Failure {
            code: EXIT_USAGE,
            messages: vec![format!("error: {message}")],
        }
    }

    /// Stdout was closed early (`isa disasm … | head`): stop quietly.
    pub fn broken_pipe() -> Self {
        Failure {
            code: 0,
            messages: Vec::new(),
        }
    }
}
