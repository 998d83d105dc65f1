//! A `.shbin` is read only if it is written back bit for bit: a header
//! word the model does not keep, a cut or padded end are errors that name
//! the place; the DVLP's version and reserved words survive the text
//! (`.raw_dvlp`).

mod asm_common;

use asm_common::{main, ok};
use isa_pica::asm::{assemble, Options, SourceFile};
use isa_pica::disasm::disassemble;
use isa_pica::shbin::Shbin;

/// A small assembled file and where its DVLP starts (one DVLE: byte 12).
fn file() -> (Vec<u8>, usize) {
    let bytes = ok(&main("    mov r0, v0\n    mul r1, r0, v1"))
        .to_bytes()
        .expect("writable");
    assert_eq!(
        Shbin::from_bytes(&bytes)
            .expect("reads back")
            .to_bytes()
            .expect("writable"),
        bytes
    );
    (bytes, 12)
}

#[test]
fn a_header_offset_the_model_does_not_keep_is_an_error_naming_it() {
    let (mut bytes, dvlp) = file();
    bytes[dvlp + 24..dvlp + 28].copy_from_slice(&u32::MAX.to_le_bytes());
    let err = Shbin::from_bytes(&bytes).expect_err("the symbol-table offset is not the one written");
    assert_eq!(err.offset, dvlp + 24, "{err}");
    assert!(err.message.contains("the DVLP symbol-table offset"), "{err}");
    assert!(err.message.contains("0xffffffff"), "{err}");
}

#[test]
fn bytes_after_the_last_section_or_a_cut_end_are_errors() {
    let (bytes, _) = file();
    let mut longer = bytes.clone();
    longer.push(0);
    let err = Shbin::from_bytes(&longer).expect_err("one byte too many");
    assert_eq!(err.offset, bytes.len(), "{err}");
    for cut in 1..=3 {
        assert!(Shbin::from_bytes(&bytes[..bytes.len() - cut]).is_err(), "cut by {cut}");
    }
}

#[test]
fn reserved_dvlp_words_survive_the_text() {
    let (mut bytes, dvlp) = file();
    bytes[dvlp + 4..dvlp + 8].copy_from_slice(&7u32.to_le_bytes());
    bytes[dvlp + 28..dvlp + 32].copy_from_slice(&u32::MAX.to_le_bytes());
    let shbin = Shbin::from_bytes(&bytes).expect("reserved words are kept");
    let text = disassemble(&shbin);
    assert!(text.contains(".raw_dvlp 0x7 0xffffffff 0x0 0x0"), "{text}");
    let source = SourceFile {
        name: "t.pica".into(),
        text,
    };
    let again = assemble(&[source], &Options::default()).expect("the text assembles");
    assert_eq!(again.to_bytes().expect("writable"), bytes);
}
