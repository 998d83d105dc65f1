//! Round-trip tests generated from the isaforge specs.
//!
//! The tests themselves are produced by `isa_macros::isa_tests!` from each
//! spec (see `tests/`); the checker they call is `isa_runtime::check`
//! (feature `check`), so that crates outside this workspace can run the
//! same generated suites. This library only names it for the tests here.

pub use isa_runtime::check;

/// Whether `check` panics: the tests that give a check a deliberately wrong
/// codec assert that it fails there. What it returns when it does not
/// (some checks count what they tried) is dropped.
pub fn fails<T>(check: impl FnOnce() -> T + std::panic::UnwindSafe) -> bool {
    std::panic::catch_unwind(check).is_err()
}
