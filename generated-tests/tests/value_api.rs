//! The value API of the generated structs on the shipped ISAs (read-only use
//! of the ISA crates): build an instruction with `Default` and `with_*`, edit one
//! through `as_*_mut`, and go through `to_bytes`/`from_bytes`.

use isa_agal as agal;
use isa_lima_gp as lima_gp;
use isa_pica as pica;
use isa_runtime::{Mask, Swizzle};

type Result = std::result::Result<(), Box<dyn std::error::Error>>;

/// PICA: `dp4 o0, c1, v0 (desc 5)` is word 0x08021005.
#[test]
fn pica_build_edit_and_bytes() -> Result {
    let fields = pica::Fmt1::default()
        .with_dst(pica::Dst::o(0).ok_or("o0")?)
        .with_src1(pica::SrcWide::c(1).ok_or("c1")?)
        .with_src2(pica::SrcNarrow::v(0).ok_or("v0")?)
        .try_with_desc(5)?;
    let dp4 = pica::LAYOUT.opcode("dp4").ok_or("dp4")?;
    let mut insn = fields.into_instruction(dp4).ok_or("dp4 is a Fmt1 opcode")?;
    assert_eq!(insn.to_string(), "dp4 o0, c1, v0 (desc 5)");
    assert_eq!(insn.to_bytes(), 0x0802_1005u32.to_le_bytes());

    // Edit in place: the opcode stays, the fields change.
    let f = insn.as_fmt1_mut().ok_or("Fmt1")?;
    f.set_idx(pica::Idx::A0x);
    *f = f.try_with_desc(127)?;
    assert!(f.try_with_desc(128).is_err(), "desc is 7 bits");
    assert_eq!(insn.to_string(), "dp4 o0, c1[a0.x], v0 (desc 127)");
    assert_eq!(pica::Instruction::from_bytes(insn.to_bytes())?, insn);

    // A standalone layout has the same API: the operand descriptor.
    let desc = pica::OpDesc::default()
        .with_mask(Mask::full())
        .with_sel1(Swizzle::identity())
        .with_sel2(Swizzle::identity());
    assert_eq!(desc.to_string(), "dst.xyzw src1=xyzw src2=xyzw src3=xxxx");
    Ok(())
}

/// AGAL: a 192-bit token from its 24 bytes, and the same token built field
/// by field; `type` is a Rust keyword (`with_type`, `type_()`).
#[test]
fn agal_build_edit_and_bytes() -> Result {
    // `mul oc, ft0, fc0` as AGALMiniAssembler writes it (docs §8).
    let bytes: [u8; 24] = [
        0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0f, 0x03, 0x00, 0x00, 0x00, 0xe4, 0x02, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x00, 0xe4, 0x01, 0x00, 0x00, 0x00,
    ];
    let insn = agal::Instruction::from_bytes(bytes)?;
    assert_eq!(insn.to_string(), "mul op0.xyzw, vt0.xyzw [va.x+0], vc0.xyzw [va.x+0]");

    let source = |ty| agal::Source::default().with_type(ty).with_swizzle(Swizzle::identity());
    let token = agal::Token::default()
        .with_dst(
            agal::Dest::default()
                .with_type(agal::RegType::Op)
                .with_mask(Mask::full()),
        )
        .with_src1(source(agal::RegType::Vt))
        .with_src2(source(agal::RegType::Vc));
    let mul = agal::LAYOUT.opcode("mul").ok_or("mul")?;
    let mut built = token.into_instruction(mul).ok_or("mul is a Token opcode")?;
    assert_eq!(built, insn);
    assert_eq!(built.to_bytes(), bytes);

    let t = built.as_token_mut().ok_or("Token")?;
    assert_eq!(t.dst.type_(), agal::RegType::Op);
    t.src2 = t.src2.try_with_num(3)?;
    t.dst.set_type(agal::RegType::Vt);
    assert_eq!(built.to_string(), "mul vt0.xyzw, vt0.xyzw [va.x+0], vc3.xyzw [va.x+0]");
    assert_eq!(agal::Instruction::from_bytes(built.to_bytes())?, built);
    Ok(())
}

/// Lima GP (a bundle ISA: the format is the instruction): 16 bytes each.
#[test]
fn lima_gp_bytes() -> Result {
    let insn = lima_gp::Instruction::default()
        .with_branch(true)
        .try_with_branch_target(0x42)?;
    let bytes = insn.to_bytes();
    assert_eq!(bytes.len(), 16);
    assert_eq!(lima_gp::Instruction::from_bytes(bytes)?, insn);
    assert_eq!(lima_gp::Instruction::program_from_bytes(&bytes)?, vec![insn]);
    Ok(())
}

/// Lima PP (variable-length instructions): one instruction and a whole
/// program to bytes and back, with the same names as the fixed-width ISAs.
#[test]
fn lima_pp_bytes() -> Result {
    let program = isa_lima_pp::mesa::parse_program(
        "mov.v1 $0 ^const0, const0 1.000000 0.000000 0.000000 1.000000\nbranch 5, stop\n",
    )?;
    let bytes = isa_lima_pp::Instr::program_to_bytes(&program);
    assert_eq!(isa_lima_pp::Instr::program_from_bytes(&bytes)?, program);

    let first = program[0].to_bytes();
    assert_eq!(first.len(), 20, "control word, two unit words, two constant words");
    assert_eq!(&bytes[..20], &first[..]);
    // One instruction read from the front of the program: its length in bytes.
    assert_eq!(isa_lima_pp::Instr::from_bytes(&bytes)?, (program[0].clone(), 20));
    // Cut inside the first instruction: an error at the instruction's offset
    // saying it runs short, not a panic.
    let err = isa_lima_pp::Instr::from_bytes(&bytes[..18]).expect_err("cut short");
    assert_eq!(err.offset, Some(0), "{err}");
    assert!(err.to_string().contains("input ends inside"), "{err}");
    Ok(())
}
