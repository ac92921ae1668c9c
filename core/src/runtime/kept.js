// Records kept across visits (runtime/kept.rs): one IndexedDB object store of text by key.
// Every failure (no IndexedDB, private mode, quota, a blocked upgrade) rejects; the caller logs
// it and goes on without the record.
const DB = "croupier-kept";
const STORE = "records";

// The database at `version`, its store created when missing (a database another opener made
// without it is opened once more at the next version).
function open(version) {
  return new Promise((resolve, reject) => {
    const req = version ? indexedDB.open(DB, version) : indexedDB.open(DB);
    req.onupgradeneeded = () => {
      if (!req.result.objectStoreNames.contains(STORE)) req.result.createObjectStore(STORE);
    };
    req.onsuccess = () => {
      const db = req.result;
      if (db.objectStoreNames.contains(STORE) || version) return resolve(db);
      db.close();
      open(db.version + 1).then(resolve, reject);
    };
    req.onerror = () => reject(req.error);
    req.onblocked = () => reject(new Error("IndexedDB upgrade blocked"));
  });
}

function run(mode, work) {
  return open(0).then(
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
