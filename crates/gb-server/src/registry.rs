//! [`Registry`]: the live actors of one kind by id, as handles (cheap to clone). Rooms (`room::Rooms`) and
//! events (`tournament::Tournaments`) are both kept in one: an actor registers its handle when it starts and takes it
//! out when it ends, and only its own (a newer actor for the same id, after a claim on this node, keeps its
//! place).
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// A handle a [`Registry`] can hold.
pub trait Registered: Clone {
    /// The gauge the registry's size is published under, if any.
    const GAUGE: Option<&'static str> = None;
    fn id(&self) -> &str;
    /// Whether `other` is a handle on the same actor (not merely one with the same id).
    fn same_actor(&self, other: &Self) -> bool;
}

/// Live actors by id.
pub struct Registry<H> {
    map: Arc<Mutex<HashMap<String, H>>>,
}

impl<H> Clone for Registry<H> {
    fn clone(&self) -> Self {
        Registry { map: self.map.clone() }
    }
}

impl<H> Default for Registry<H> {
    fn default() -> Self {
        Registry { map: Arc::default() }
    }
}

impl<H: Registered> Registry<H> {
    pub fn get(&self, id: &str) -> Option<H> {
        self.map.lock().expect("registry lock").get(id).cloned()
    }

    /// Registers `handle` under its id, in place of any handle there.
    pub fn insert(&self, handle: H) {
        self.change(|map| {
            map.insert(handle.id().to_owned(), handle);
        });
    }

    /// Forgets `id`, whichever actor it maps to.
    pub fn remove(&self, id: &str) {
        self.change(|map| {
            map.remove(id);
        });
    }

    /// Forgets `id` if it still maps to a handle for which `same` holds (the caller's own actor).
    pub fn remove_if(&self, id: &str, same: impl FnOnce(&H) -> bool) {
        self.change(|map| {
            if map.get(id).is_some_and(same) {
                map.remove(id);
            }
        });
    }

    /// Forgets `handle`'s actor unless its id now maps to a newer one (claimed again by this node).
    pub fn remove_handle(&self, handle: &H) {
        self.remove_if(handle.id(), |h| h.same_actor(handle));
    }

    pub fn all(&self) -> Vec<H> {
        self.map.lock().expect("registry lock").values().cloned().collect()
    }

    fn change(&self, f: impl FnOnce(&mut HashMap<String, H>)) {
        let n = {
            let mut map = self.map.lock().expect("registry lock");
            f(&mut map);
            map.len()
        };
        if let Some(gauge) = H::GAUGE {
            metrics::gauge!(gauge).set(n as f64);
        }
    }
}
