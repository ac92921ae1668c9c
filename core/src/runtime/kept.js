// Records kept across visits (runtime/kept.rs): one IndexedDB object store of text by key.
// Every failure (no IndexedDB, private mode, quota, a blocked upgrade) rejects; the caller logs
// it and goes on without the record.
const DB = "croupier-kept";
const STORE = "records";

function open() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("IndexedDB upgrade blocked"));
  });
}

function run(mode, work) {
  return open().then(
    (db) =>
      new Promise((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const req = work(tx.objectStore(STORE));
        tx.oncomplete = () => {
          db.close();
          resolve(req.result);
        };
        tx.onerror = tx.onabort = () => {
          db.close();
          reject(tx.error ?? req.error ?? new Error("IndexedDB transaction aborted"));
        };
      }),
  );
}

export function kept_get(key) {
  return run("readonly", (s) => s.get(key)).then((v) => (typeof v === "string" ? v : undefined));
}

export function kept_put(key, text) {
  return run("readwrite", (s) => s.put(text, key)).then(() => undefined);
}

export function kept_delete(key) {
  return run("readwrite", (s) => s.delete(key)).then(() => undefined);
}
