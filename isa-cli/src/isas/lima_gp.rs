//! Lima GP (Mali-200/400 vertex processor): files are raw little-endian
//! 128-bit words, printed in the spec's field-explicit form.

use isa_specs::lima_gp::LimaGp;

use super::{AuxLayout, CliIsa, Container, IsaName, LiftFn};

impl CliIsa for LimaGp {
    const NAME: IsaName = IsaName::LimaGp;
    const AUX: Option<AuxLayout> = None;
    const CONTAINER: Option<Container<u128>> = None;
    const LIFT_AGSL: Option<LiftFn> = None;
}
