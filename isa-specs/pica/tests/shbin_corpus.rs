//! Every `.shbin` of `../shared/corpus/pica` parses, and writing it back in
//! picasso's layout reproduces the file byte for byte.

use isa_runtime::check::corpus;

use isa_pica::shbin::Shbin;

#[test]
fn corpus_files_parse_and_rewrite_identically() {
    let Some(dir) = corpus::dir(env!("CARGO_MANIFEST_DIR"), "pica/shbin") else {
        return;
    };
    let entries = std::fs::read_dir(&dir).unwrap();
    let mut count = 0;
    let mut different = Vec::new();
    for entry in entries {
        let path = entry.unwrap().path();
        let bytes = std::fs::read(&path).unwrap();
        let shbin = Shbin::from_bytes(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if shbin.to_bytes().expect("writable") != bytes {
            different.push(path.file_name().unwrap().to_string_lossy().into_owned());
        }
        count += 1;
    }
    assert!(count >= 20);
    assert!(different.is_empty(), "rewritten differently: {different:?}");
}

/// Every truncation length of a real file and 5000 random byte flips: the
/// parser returns a value or an error with an in-file offset, never panics,
/// and whatever parses rewrites and re-parses to the same model.
#[test]
fn truncations_and_byte_flips_never_panic() {
    let Some(original) = corpus::read(env!("CARGO_MANIFEST_DIR"), "pica/shbin/picasso__example.shbin") else {
        return;
    };
    let check = |bytes: &[u8]| match Shbin::from_bytes(bytes) {
        Ok(shbin) => assert_eq!(
            Shbin::from_bytes(&shbin.to_bytes().expect("writable")).as_ref(),
            Ok(&shbin)
        ),
        Err(e) => assert!(e.offset <= bytes.len(), "{e}"),
    };
    for len in 0..original.len() {
        check(&original[..len]);
    }
    let mut state = 0x5EED_u64;
    for _ in 0..5000 {
        let mut bytes = original.clone();
        for _ in 0..1 + state % 3 {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let at = (state >> 33) as usize % bytes.len();
            bytes[at] ^= 1 << ((state >> 20) % 8);
        }
        check(&bytes);
    }
}

#[test]
fn nihstro_files_are_recognised() {
    for name in [
        "nihstro__cube_test.nihstro.shbin",
        "nihstro__cube_lighting_test.nihstro.shbin",
    ] {
        let Some(bytes) = corpus::read(env!("CARGO_MANIFEST_DIR"), &format!("pica/shbin/{name}")) else {
            return;
        };
        assert_eq!(
            Shbin::from_bytes(&bytes).unwrap().layout,
            isa_pica::shbin::Layout::Nihstro,
            "{name}"
        );
    }
}
