//! Validation of user-chosen names (display names, usernames, deck names) and passwords.
use crate::error::ApiError;

pub const NAME_MAX: usize = 24;
pub const DECK_NAME_MAX: usize = 48;
pub const PASSWORD_MIN: usize = 8;
/// Argon2 accepts long inputs, but hashing megabytes per request is a cheap DoS.
pub const PASSWORD_MAX: usize = 128;

/// Trims and checks a name: 1..=max characters, no control characters.
fn check_name(
    raw: &str,
    max: usize,
    what: &str,
    code_empty: &'static str,
    code_long: &'static str,
    code_bad: &'static str,
) -> Result<String, ApiError> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(ApiError::unprocessable(code_empty, format!("{what} must not be empty")));
    }
    let len = name.chars().count();
    if len > max {
        return Err(ApiError::unprocessable(code_long, format!("{what} is {len} characters long; the limit is {max}")));
    }
    // Control characters (newlines, NUL, escape sequences) break chat lines, logs and layouts.
    if name.chars().any(char::is_control) {
        return Err(ApiError::unprocessable(code_bad, format!("{what} must not contain control characters")));
    }
    Ok(name.to_owned())
}

pub fn display_name(raw: &str) -> Result<String, ApiError> {
    check_name(raw, NAME_MAX, "display name", "display_name_empty", "display_name_too_long", "display_name_invalid")
}

pub fn username(raw: &str) -> Result<String, ApiError> {
    let name = check_name(raw, NAME_MAX, "username", "username_empty", "username_too_long", "username_invalid")?;
    // Usernames are typed at login; inner whitespace would make them ambiguous to retype.
    if name.chars().any(char::is_whitespace) {
        return Err(ApiError::unprocessable("username_invalid", "username must not contain spaces"));
    }
    Ok(name)
}

pub fn deck_name(raw: &str) -> Result<String, ApiError> {
    check_name(raw, DECK_NAME_MAX, "deck name", "deck_name_empty", "deck_name_too_long", "deck_name_invalid")
}

pub fn password(pw: &str) -> Result<(), ApiError> {
    let len = pw.chars().count();
    if len < PASSWORD_MIN {
        return Err(ApiError::unprocessable(
            "password_too_short",
            format!("password needs at least {PASSWORD_MIN} characters"),
        ));
    }
    if len > PASSWORD_MAX {
        return Err(ApiError::unprocessable(
            "password_too_long",
            format!("password may have at most {PASSWORD_MAX} characters"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(display_name("  Ann  ").unwrap(), "Ann");
        assert_eq!(display_name("").unwrap_err().code, "display_name_empty");
        assert_eq!(display_name(&"x".repeat(25)).unwrap_err().code, "display_name_too_long");
        assert!(display_name(&"é".repeat(24)).is_ok());
        assert_eq!(display_name("a\u{7}b").unwrap_err().code, "display_name_invalid");
        assert_eq!(username("a b").unwrap_err().code, "username_invalid");
        assert_eq!(password("short").unwrap_err().code, "password_too_short");
    }
}
