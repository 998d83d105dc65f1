//! The no_std library, driven from a test (which has std).

use isa_pica::Instruction;
use pica_nostd::{mnemonic, read_constant, Error};

/// `dp4 o0, c1, v0 (desc 5)`.
const DP4: u32 = 0x0802_1005;

#[test]
fn a_format_1_source_is_edited_and_every_other_bit_kept() {
    let edited = read_constant(DP4, 93).expect("dp4 is format 1");
    assert_eq!(
        Instruction::decode(edited).expect("decodes").to_string(),
        "dp4 o0, c93, v0 (desc 5)"
    );
    let src1 = 0x7f << 12;
    assert_eq!(edited & !src1, DP4 & !src1);
    assert_eq!(mnemonic(edited), Some("dp4"));
}

#[test]
fn what_cannot_be_edited_is_an_error() {
    // `end` has no operands.
    let end = Instruction::from_bytes(0x8800_0000u32.to_le_bytes()).expect("end decodes");
    assert_eq!(read_constant(end.encode(), 1), Err(Error::NotFormat1));
    // There are 96 float constants, c0 to c95.
    assert_eq!(read_constant(DP4, 96), Err(Error::NoSuchConstant(96)));
}
