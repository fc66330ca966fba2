//! Accounts over REST (docs/protocol.md, "Accounts"): guest sign-up, register, login, `GET /api/me`.
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// `POST /api/guest`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct GuestBody {
    pub display_name: String,
}

/// `POST /api/register`: a new account, or the current guest upgraded in place.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RegisterBody {
    pub username: String,
    pub password: String,
    /// Defaults to the guest's current name, or the username.
    #[serde(default)]
    #[ts(optional = nullable)]
    pub display_name: Option<String>,
}

/// `POST /api/login`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct LoginBody {
    pub username: String,
    pub password: String,
}

/// What `/api/me` and the account endpoints return: never the password hash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct AccountView {
    pub id: String,
    pub display_name: String,
    /// `null` for a guest.
    pub username: Option<String>,
    pub guest: bool,
}

/// One line of `GET /api/accounts?name=`: an account found by its display name (the organizer's late entry).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct AccountName {
    pub id: String,
    pub display_name: String,
    pub guest: bool,
}
