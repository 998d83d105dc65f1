//! The libFuzzer harness: every input goes to the property of the target
//! named by the `ISAFORGE_FUZZ_TARGET` environment variable (a target of
//! one of the families, `isa_props::FAMILIES`, the build holds). A broken
//! property panics with its message, which libFuzzer reports as a crash
//! and saves the input.
//!
//! Single allocations above [`ALLOC_LIMIT`] fail (and abort with Rust's
//! "memory allocation failed" message), so an input that makes a decoder
//! reserve memory out of proportion to its size is a crash, not a slow run.
#![no_main]

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;

/// The largest single allocation an input may cause.
const ALLOC_LIMIT: usize = 256 << 20;

/// The system allocator, refusing allocations above [`ALLOC_LIMIT`].
struct Limited;

unsafe impl GlobalAlloc for Limited {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.size() > ALLOC_LIMIT {
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if new_size > ALLOC_LIMIT {
            return std::ptr::null_mut();
        }
        System.realloc(ptr, layout, new_size)
    }
}

#[global_allocator]
static ALLOCATOR: Limited = Limited;

/// The families of targets this build holds (its cargo features): only
/// their code is linked, and so instrumented.
const BUILT: &[&[isa_props::Target]] = &[
    #[cfg(feature = "agal")]
    isa_props::AGAL,
    #[cfg(feature = "pica")]
    isa_props::PICA,
    #[cfg(feature = "lima-gp")]
    isa_props::LIMA_GP,
    #[cfg(feature = "lima-pp")]
    isa_props::LIMA_PP,
    #[cfg(feature = "ir3")]
    isa_props::IR3,
    #[cfg(feature = "spec")]
    isa_props::SPEC,
];

/// The target's property, looked up once.
fn check() -> fn(&[u8]) -> isa_props::Outcome {
    static CHECK: OnceLock<fn(&[u8]) -> isa_props::Outcome> = OnceLock::new();
    *CHECK.get_or_init(|| {
        let name = std::env::var("ISAFORGE_FUZZ_TARGET").unwrap_or_default();
        let built = || BUILT.iter().flat_map(|family| family.iter());
        match built().find(|t| t.name == name) {
            Some(target) => target.check,
            None => {
                let known: Vec<&str> = built().map(|t| t.name).collect();
                eprintln!(
                    "ISAFORGE_FUZZ_TARGET is `{name}`; this build of the harness has: {}",
                    known.join(", ")
                );
                std::process::exit(2);
            }
        }
    })
}

fuzz_target!(|data: &[u8]| {
    if let Err(violation) = check()(data) {
        panic!("property violated: {violation}");
    }
});
