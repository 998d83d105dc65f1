//! The fingerprint that ties a checked-in expansion to its spec file.
//!
//! Each ISA crate ships the expansion of its spec (`src/generated.rs`,
//! written by `cargo xtask codegen`) so that a tool depending on it builds no
//! proc-macro. The expansion starts with
//! `const _: () = assert_spec_unchanged(include_bytes!("../<spec>"), <fingerprint>);`,
//! so a spec edited without regenerating stops the build with a message that
//! says what to run, instead of compiling a codec that no longer matches it.

/// FNV-1a (64-bit) of a spec file's bytes, carriage returns skipped (a
/// checkout with CRLF line ends has the same fingerprint).
pub const fn spec_fingerprint(spec: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let mut i = 0;
    while i < spec.len() {
        if spec[i] != b'\r' {
            hash ^= spec[i] as u64;
            hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
        }
        i += 1;
    }
    hash
}

/// Fails constant evaluation (and so the build) when `spec` no longer has
/// the fingerprint its checked-in expansion was generated from.
pub const fn assert_spec_unchanged(spec: &[u8], fingerprint: u64) {
    if spec_fingerprint(spec) != fingerprint {
        panic!(
            "the spec file changed after `src/generated.rs` was generated from it: run `cargo xtask codegen` \
             in the isaforge workspace, or build this crate with its `macro` feature (the spec is expanded by \
             the proc-macro then)"
        );
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;

    #[test]
    fn fnv1a_reference_values_and_crlf() {
        // FNV-1a 64 of "" and "a" (the published test vectors).
        assert_eq!(spec_fingerprint(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(spec_fingerprint(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(spec_fingerprint(b"x\r\ny\r\n"), spec_fingerprint(b"x\ny\n"));
        assert_ne!(spec_fingerprint(b"x\ny\n"), spec_fingerprint(b"x\nz\n"));
    }

    /// The check passes for the fingerprint its spec has and stops (at
    /// compile time in a checked-in expansion; here, a panic) for any other.
    #[test]
    fn the_check_passes_only_for_the_specs_fingerprint() {
        assert_spec_unchanged(b"isa t {}\n", spec_fingerprint(b"isa t {}\r\n"));
        let changed =
            std::panic::catch_unwind(|| assert_spec_unchanged(b"isa t {}\n", spec_fingerprint(b"isa u {}\n")));
        let message = changed.expect_err("a changed spec must stop the build");
        let message = message.downcast_ref::<&str>().copied().unwrap_or_default();
        assert!(message.contains("run `cargo xtask codegen`"), "{message}");
    }
}
