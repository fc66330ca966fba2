//! Validation of user-chosen names (display names, usernames, deck names) and passwords.
use crate::error::ApiError;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};

pub const NAME_MAX: usize = 24;
pub const DECK_NAME_MAX: usize = 48;
pub const PASSWORD_MIN: usize = 8;
/// Argon2 accepts long inputs, but hashing megabytes per request is a cheap DoS.
pub const PASSWORD_MAX: usize = 128;

/// Trimmed and in NFC: the one spelling a name is stored, shown and looked up in.
pub fn normalise(raw: &str) -> String {
    raw.trim().nfc().collect()
}

/// Trims, normalises (NFC, so one name has one spelling) and checks a name: 1..=max characters, nothing invisible.
fn check_name(
    raw: &str,
    max: usize,
    what: &str,
    code_empty: &'static str,
    code_long: &'static str,
    code_bad: &'static str,
) -> Result<String, ApiError> {
    let name = normalise(raw);
    if name.is_empty() {
        return Err(ApiError::unprocessable(code_empty, format!("{what} must not be empty")));
    }
    let len = name.chars().count();
    if len > max {
        return Err(ApiError::unprocessable(code_long, format!("{what} is {len} characters long; the limit is {max}")));
    }
    // Control characters (newlines, NUL, escapes) break lines, logs and layouts; format characters (bidi
    // overrides, zero-width joiners and spaces) make one name look like another or reorder what follows it.
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        let code_point = format!("U+{:04X}", u32::from(c));
        return Err(ApiError::unprocessable(
            code_bad,
            format!("{what} must not contain control, format or unassigned characters ({code_point})"),
        ));
    }
    Ok(name)
}

fn invisible(c: char) -> bool {
    use GeneralCategory::*;
    matches!(
        c.general_category(),
        Control | Format | LineSeparator | ParagraphSeparator | PrivateUse | Surrogate | Unassigned
    )
}

/// The computer's seat is shown as "Computer" or "Computer (Medium)": no person may take those names, in any
/// case or look-alike width (compared after NFKC and lower-casing).
fn check_not_reserved(name: &str, what: &str, code: &'static str) -> Result<(), ApiError> {
    let folded: String = name.nfkc().collect::<String>().to_lowercase();
    let folded = folded.split_whitespace().collect::<Vec<_>>().join(" ");
    let computer = folded == "computer" || folded.starts_with("computer (") || folded.starts_with("computer(");
    if computer {
        return Err(ApiError::unprocessable(code, format!("{what} \"{name}\" is reserved for the computer opponent")));
    }
    Ok(())
}

pub fn display_name(raw: &str) -> Result<String, ApiError> {
    let name = check_name(
        raw,
        NAME_MAX,
        "display name",
        "display_name_empty",
        "display_name_too_long",
        "display_name_invalid",
    )?;
    check_not_reserved(&name, "display name", "display_name_reserved")?;
    Ok(name)
}

pub fn username(raw: &str) -> Result<String, ApiError> {
    let name = check_name(raw, NAME_MAX, "username", "username_empty", "username_too_long", "username_invalid")?;
    // Usernames are typed at login; inner whitespace would make them ambiguous to retype.
    if name.chars().any(char::is_whitespace) {
        return Err(ApiError::unprocessable("username_invalid", "username must not contain spaces"));
    }
    check_not_reserved(&name, "username", "username_reserved")?;
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

    #[test]
    fn names_are_normalised_to_nfc() {
        // "é" as e + combining acute becomes the single code point.
        assert_eq!(display_name("Rene\u{301}").unwrap(), "Ren\u{e9}");
        assert_eq!(username("Rene\u{301}").unwrap(), username("Ren\u{e9}").unwrap());
    }

    #[test]
    fn invisible_characters_are_refused() {
        for bad in [
            "evil\u{202E}txt.exe", // right-to-left override
            "A\u{2066}B",          // left-to-right isolate
            "Ann\u{200B}",         // zero-width space
            "An\u{200D}n",         // zero-width joiner
            "\u{FEFF}Ann",         // byte order mark
            "Ann\u{2028}Bob",      // line separator
            "Ann\u{E000}",         // private use
            "Ann\u{0378}",         // unassigned
            "Ann\u{AD}",           // soft hyphen
        ] {
            let e = display_name(bad).unwrap_err();
            assert_eq!(e.code, "display_name_invalid", "{bad:?}");
            assert!(e.message.contains("U+"), "{}", e.message);
            assert_eq!(username(bad).unwrap_err().code, "username_invalid", "{bad:?}");
        }
        for good in ["Zoë", "李小龍", "Ana María", "O'Neil", "محمد", "🙂 Sam"] {
            assert_eq!(display_name(good).unwrap(), good);
        }
    }

    #[test]
    fn the_computers_names_are_reserved() {
        for taken in
            ["Computer", "computer", "COMPUTER (Easy)", "Computer (Medium)", "computer(hard)", "Ｃｏｍｐｕｔｅｒ"]
        {
            assert_eq!(display_name(taken).unwrap_err().code, "display_name_reserved", "{taken}");
        }
        assert_eq!(username("Computer").unwrap_err().code, "username_reserved");
        for fine in ["Computers", "Computer Sam", "My Computer"] {
            assert!(display_name(fine).is_ok(), "{fine}");
        }
        // Deck names are not people's names.
        assert!(deck_name("Computer").is_ok());
    }
}
