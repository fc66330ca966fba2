//! JSON columns (stored as TEXT on both engines) to and from their types, inside db/ only: a row whose JSON
//! does not decode is one [`sqlx::Error::ColumnDecode`] naming the column (and the row, where [`decode`] is used).
//!
//! A row struct reads a JSON column straight into its type with `#[sqlx(rename = "x_json", try_from =
//! "JsonText<T>")]` ([`JsonText`], or [`NullableJsonText`] for a nullable column); each `T` so read is listed
//! once in [`json_columns!`]. (sqlx's own `Json` reads only PostgreSQL's `json`/`jsonb`, not TEXT.)
use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::error::BoxDynError;
use sqlx::{Database, Decode, Type, ValueRef};

/// A TEXT column holding `T` as JSON.
pub struct JsonText<T>(pub T);

/// A nullable TEXT column holding `T` as JSON (`NULL` reads as `None`).
pub struct NullableJsonText<T>(pub Option<T>);

impl<T, DB: Database> Type<DB> for JsonText<T>
where
    String: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <String as Type<DB>>::type_info()
    }
    fn compatible(ty: &DB::TypeInfo) -> bool {
        <String as Type<DB>>::compatible(ty)
    }
}

impl<T, DB: Database> Type<DB> for NullableJsonText<T>
where
    String: Type<DB>,
{
    fn type_info() -> DB::TypeInfo {
        <String as Type<DB>>::type_info()
    }
    fn compatible(ty: &DB::TypeInfo) -> bool {
        <String as Type<DB>>::compatible(ty)
    }
}

impl<'r, T: DeserializeOwned, DB: Database> Decode<'r, DB> for JsonText<T>
where
    &'r str: Decode<'r, DB>,
{
    fn decode(value: DB::ValueRef<'r>) -> Result<Self, BoxDynError> {
        let text = <&'r str as Decode<'r, DB>>::decode(value)?;
        Ok(JsonText(serde_json::from_str(text)?))
    }
}

impl<'r, T: DeserializeOwned, DB: Database> Decode<'r, DB> for NullableJsonText<T>
where
    &'r str: Decode<'r, DB>,
{
    fn decode(value: DB::ValueRef<'r>) -> Result<Self, BoxDynError> {
        if value.is_null() {
            return Ok(NullableJsonText(None));
        }
        let text = <&'r str as Decode<'r, DB>>::decode(value)?;
        Ok(NullableJsonText(Some(serde_json::from_str(text)?)))
    }
}

/// The types read from JSON columns by a row struct's `try_from = "JsonText<T>"` (and `NullableJsonText<T>`
/// for `Option<T>`): a `From` each, as the orphan rule allows no blanket one.
macro_rules! json_columns {
    ($($t:ty),+ $(,)?) => {
        $(
            impl From<$crate::db::json::JsonText<$t>> for $t {
                fn from(j: $crate::db::json::JsonText<$t>) -> $t {
                    j.0
                }
            }
            impl From<$crate::db::json::NullableJsonText<$t>> for Option<$t> {
                fn from(j: $crate::db::json::NullableJsonText<$t>) -> Option<$t> {
                    j.0
                }
            }
        )+
    };
}
json_columns!(
    serde_json::Value,
    gb_core::DeckList,
    gb_tournament::Settings,
    gb_tournament::TableResult,
    super::room_config::RoomConfig,
    super::room_config::Seats,
    crate::seed::StoredSetup,
    crate::seed::StoredResult,
);

/// Decodes `text`, read from `column` (`"table.column"`) of the row `row` (its key, for the error).
pub fn decode<T: DeserializeOwned>(column: &str, row: &str, text: &str) -> Result<T, sqlx::Error> {
    serde_json::from_str(text)
        .map_err(|e| sqlx::Error::ColumnDecode { index: format!("{column} of row {row:?}"), source: Box::new(e) })
}

/// Like [`decode`], for a nullable column.
pub fn decode_opt<T: DeserializeOwned>(column: &str, row: &str, text: Option<&str>) -> Result<Option<T>, sqlx::Error> {
    text.map(|t| decode(column, row, t)).transpose()
}

/// The stored text of `value`: serde_json's compact form, as every row was written before the columns were
/// typed (so rows stay byte-identical).
pub fn encode<T: Serialize + ?Sized>(value: &T) -> Result<String, sqlx::Error> {
    serde_json::to_string(value).map_err(|e| sqlx::Error::Encode(Box::new(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, sqlx::FromRow)]
    struct Row {
        #[sqlx(rename = "v_json", try_from = "JsonText<serde_json::Value>")]
        v: serde_json::Value,
        #[sqlx(rename = "w_json", try_from = "NullableJsonText<serde_json::Value>")]
        w: Option<serde_json::Value>,
    }

    async fn read(v: &str, w: Option<&str>) -> Result<Row, sqlx::Error> {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        sqlx::query_as("SELECT $1 AS v_json, $2 AS w_json").bind(v).bind(w).fetch_one(&pool).await
    }

    #[tokio::test]
    async fn a_row_struct_reads_its_json_columns_typed() {
        let row = read(r#"{"a":1}"#, None).await.unwrap();
        assert_eq!((row.v, row.w), (serde_json::json!({"a": 1}), None));
        let row = read("[]", Some("[2]")).await.unwrap();
        assert_eq!(row.w, Some(serde_json::json!([2])));
        let e = read("{oops", None).await.unwrap_err();
        assert!(matches!(e, sqlx::Error::ColumnDecode { ref index, .. } if index.contains("v_json")), "{e}");
    }

    #[test]
    fn a_bad_row_is_one_error_naming_its_column_and_row() {
        let e = decode::<Vec<u32>>("decks.list_json", "d1", "{not json").unwrap_err();
        assert!(matches!(e, sqlx::Error::ColumnDecode { .. }));
        let text = e.to_string();
        assert!(text.contains(r#"decks.list_json of row "d1""#), "{text}");
        assert!(text.contains("expected a sequence"), "{text}");
    }

    #[test]
    fn values_round_trip_in_compact_form() {
        let text = encode(&serde_json::json!({"a": [1, 2], "b": null})).unwrap();
        assert_eq!(text, r#"{"a":[1,2],"b":null}"#);
        let back: serde_json::Value = decode("t.c", "r", &text).unwrap();
        assert_eq!(encode(&back).unwrap(), text);
        assert_eq!(decode_opt::<u32>("t.c", "r", None).unwrap(), None);
        assert_eq!(decode_opt::<u32>("t.c", "r", Some("7")).unwrap(), Some(7));
    }
}
