//! Validation of user-chosen names (display names, usernames, deck names) and passwords: the rules every client
//! meets (docs/protocol.md), here so the fuzz targets run the server's checks without its database.
use crate::error::Refusal;
use unicode_normalization::UnicodeNormalization;
use unicode_properties::{GeneralCategory, UnicodeGeneralCategory};
use unicode_security::GeneralSecurityProfile;
use unicode_security::general_security_profile::IdentifierType;

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
) -> Result<String, Refusal> {
    let name = normalise(raw);
    if name.is_empty() {
        return Err(Refusal::unprocessable(code_empty, format!("{what} must not be empty")));
    }
    let len = name.chars().count();
    if len > max {
        return Err(Refusal::unprocessable(code_long, format!("{what} is {len} characters long; the limit is {max}")));
    }
    // Control characters (newlines, NUL, escapes) break lines, logs and layouts; format characters (bidi
    // overrides, zero-width joiners and spaces) and the other default-ignorable code points (variation
    // selectors, the Hangul fillers) make one name look like another or reorder what follows it.
    if let Some(c) = name.chars().find(|&c| invisible(c)) {
        let code_point = format!("U+{:04X}", u32::from(c));
        return Err(Refusal::unprocessable(
            code_bad,
            format!(
                "{what} must not contain invisible (control, format, default-ignorable) or unassigned characters ({code_point})"
            ),
        ));
    }
    if !name.chars().any(visible) {
        return Err(Refusal::unprocessable(code_bad, format!("{what} has no visible character")));
    }
    Ok(name)
}

fn invisible(c: char) -> bool {
    use GeneralCategory::*;
    let category = matches!(
        c.general_category(),
        Control | Format | LineSeparator | ParagraphSeparator | PrivateUse | Surrogate | Unassigned
    );
    category || c.identifier_type() == Some(IdentifierType::Default_Ignorable)
}

/// Draws a glyph of its own: not a space, not a mark (which sits on another character), not the blank braille
/// pattern (a symbol that shows nothing).
fn visible(c: char) -> bool {
    use GeneralCategory::*;
    let mark = matches!(c.general_category(), NonspacingMark | SpacingMark | EnclosingMark);
    !(c.is_whitespace() || mark || c == '\u{2800}')
}

/// What a name looks like, for telling look-alikes apart: NFKC (width and compatibility forms), the UTS #39
/// confusable skeleton (Cyrillic "о" and Greek "ο" become Latin "o", capital "I" becomes "l"), marks dropped
/// ("ë" looks like "e" at a glance), lower case, the skeleton again (of the lower-case letters), runs of spaces
/// as one. Two names with the same look are one name: the computer's is reserved, and usernames are unique by it.
pub fn look(name: &str) -> String {
    let skeleton = |s: &str| -> String {
        let no_mark = |c: &char| {
            !matches!(c.general_category(), GeneralCategory::NonspacingMark | GeneralCategory::EnclosingMark)
        };
        unicode_security::skeleton(s).filter(no_mark).collect::<String>().to_lowercase()
    };
    let once = skeleton(&name.nfkc().collect::<String>());
    skeleton(&once).split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The computer's seat is shown as "Computer" or "Computer (Medium)", an event's computer players as "Computer 3
/// (Hard)": no person may take those names, or any that looks like them (case, width, look-alike letters of
/// other scripts, marks: compared by `look`; a number in any digits, compatibility-folded).
fn check_not_reserved(name: &str, what: &str, code: &'static str) -> Result<(), Refusal> {
    let folded = look(name);
    let numbered = || {
        let folded_digits: String = name.nfkc().collect();
        folded_digits.split_whitespace().nth(1).is_some_and(|w| w.starts_with(|c: char| c.is_numeric()))
    };
    let computer = folded == look("computer")
        || folded.starts_with(&look("computer ("))
        || folded.starts_with(&look("computer("))
        || (folded.starts_with(&look("computer ")) && numbered());
    if computer {
        return Err(Refusal::unprocessable(code, format!("{what} \"{name}\" is reserved for the computer opponent")));
    }
    Ok(())
}

pub fn display_name(raw: &str) -> Result<String, Refusal> {
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

pub fn username(raw: &str) -> Result<String, Refusal> {
    let name = check_name(raw, NAME_MAX, "username", "username_empty", "username_too_long", "username_invalid")?;
    // Usernames are typed at login; inner whitespace would make them ambiguous to retype.
    if name.chars().any(char::is_whitespace) {
        return Err(Refusal::unprocessable("username_invalid", "username must not contain spaces"));
    }
    check_not_reserved(&name, "username", "username_reserved")?;
    Ok(name)
}

pub fn deck_name(raw: &str) -> Result<String, Refusal> {
    check_name(raw, DECK_NAME_MAX, "deck name", "deck_name_empty", "deck_name_too_long", "deck_name_invalid")
}

pub fn password(pw: &str) -> Result<(), Refusal> {
    let len = pw.chars().count();
    if len < PASSWORD_MIN {
        return Err(Refusal::unprocessable(
            "password_too_short",
            format!("password needs at least {PASSWORD_MIN} characters"),
        ));
    }
    if len > PASSWORD_MAX {
        return Err(Refusal::unprocessable(
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
            "Computer\u{FE0F}",    // variation selector
            "\u{3164}",            // Hangul filler, alone
            "Ann\u{3164}",         // Hangul filler
            "Ann\u{FFA0}",         // halfwidth Hangul filler
            "A\u{180E}nn",         // Mongolian vowel separator
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
    fn names_with_nothing_to_see_are_refused() {
        for blank in ["\u{308}", "\u{2800}", "\u{20DD}", "\u{2800} \u{2800}"] {
            let e = display_name(blank).unwrap_err();
            assert_eq!((e.code, e.message.as_str()), ("display_name_invalid", "display name has no visible character"));
        }
    }

    #[test]
    fn look_alikes_share_a_look() {
        assert_eq!(look("Computer"), look("C\u{43E}mputer"), "Cyrillic o");
        assert_eq!(look("Computer"), look("C\u{3BF}mputer"), "Greek omicron");
        assert_eq!(look("Computer"), look("Compute\u{308}r"), "a combining mark");
        assert_eq!(look("Computer"), look("COMPUTER"));
        assert_eq!(look("paypal"), look("\u{440}aypal"), "Cyrillic er");
        assert_eq!(look("paypal"), look("PAYPAI"), "capital I for l");
        assert_ne!(look("ann"), look("anne"));
    }

    #[test]
    fn the_computers_names_are_reserved() {
        for taken in [
            "Computer",
            "computer",
            "COMPUTER (Easy)",
            "Computer (Medium)",
            "computer(hard)",
            "Ｃｏｍｐｕｔｅｒ",
            "C\u{43E}mputer",
            "C\u{3BF}mputer",
            "Compute\u{308}r",
            "Compute\u{308}r (Easy)",
            "Computer 3 (Hard)",
            "computer 12",
            "C\u{43E}mputer \u{FF17}",
        ] {
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
