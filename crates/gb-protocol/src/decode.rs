//! Decoding a client's WebSocket text frame: the one decoder the server runs on untrusted input (fuzzed by
//! `fuzz/fuzz_targets/client_message.rs`). A bad frame is never a crash: it gets a stable code and a sentence,
//! answered as an `error` frame while the socket stays open.
use crate::ClientMsg;
use serde_json::Value;

/// Why a text frame is not a client message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{code}: {message}")]
pub struct DecodeError {
    /// `bad_json`, `missing_type`, `unknown_type`, `unknown_emote` or `bad_message`.
    pub code: &'static str,
    pub message: String,
}

impl ClientMsg {
    /// A client message from its JSON text, or the error code and message to answer a bad one with.
    pub fn decode(text: &str) -> Result<ClientMsg, DecodeError> {
        // The common case, a well-formed message, is parsed once; only a bad one is parsed again to say why.
        if let Ok(msg) = serde_json::from_str::<ClientMsg>(text) {
            return Ok(msg);
        }
        let err = |code, message| DecodeError { code, message };
        let v: Value = serde_json::from_str(text).map_err(|e| err("bad_json", format!("not JSON: {e}")))?;
        let ty = v
            .get("type")
            .and_then(Value::as_str)
            .ok_or_else(|| err("missing_type", "a message needs a string \"type\"".to_owned()))?
            .to_owned();
        if !matches!(ty.as_str(), "hello" | "intent" | "ping" | "emote") {
            return Err(err("unknown_type", format!("unknown message type {ty:?}")));
        }
        if ty == "emote" && v.get("emote").is_some_and(|e| serde_json::from_value::<crate::Emote>(e.clone()).is_err()) {
            let names = crate::Emote::names();
            return Err(err("unknown_emote", format!("{} is not an emote; send one of: {names}", v["emote"])));
        }
        serde_json::from_value(v).map_err(|e| err("bad_message", format!("malformed {ty}: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use crate::ClientMsg;

    #[test]
    fn bad_messages_get_specific_codes() {
        let code = |t: &str| ClientMsg::decode(t).err().map(|e| e.code);
        assert_eq!(code("{"), Some("bad_json"));
        assert_eq!(code("{\"x\":1}"), Some("missing_type"));
        assert_eq!(code("{\"type\":\"dance\"}"), Some("unknown_type"));
        assert_eq!(code("{\"type\":\"intent\",\"seq\":1,\"intent\":{\"type\":\"fly\"}}"), Some("bad_message"));
        assert_eq!(code("{\"type\":\"ping\"}"), None);
        assert_eq!(code("{\"type\":\"emote\",\"emote\":\"well_played\"}"), None);
        assert_eq!(code("{\"type\":\"emote\",\"emote\":\"you lose\"}"), Some("unknown_emote"));
        assert_eq!(code("{\"type\":\"emote\"}"), Some("bad_message"));
        assert_eq!(code("{\"type\":\"hello\",\"protocol\":1,\"as\":\"player\",\"last_version\":null}"), None);
    }

    #[test]
    fn what_decodes_encodes_back_to_itself() {
        for text in [r#"{"type":"ping"}"#, r#"{"type":"intent","seq":3,"intent":{"type":"end_turn"}}"#] {
            let msg = ClientMsg::decode(text).unwrap();
            assert_eq!(ClientMsg::decode(&msg.encode()), Ok(msg));
        }
    }
}
