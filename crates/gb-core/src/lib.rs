//! Gem Blenders rules engine (work in progress).
pub mod cards;
pub mod deck;
pub mod ids;
pub mod rejection;
