// A change arrives live as an RFC 6902 JSON Patch (api/patch.py): the operations that turn the
// table this phone holds (the version before) into the table now. The server writes only
// "add", "remove" and "replace", each on the result of the one before; this applies them to a copy
// and leaves `doc` as it was. A path that does not fit the document throws: the phone then reads
// the whole table again (core.js), so a wrong patch can never leave a wrong table on the screen.

function unescape(part) {
  return part.replace(/~1/g, "/").replace(/~0/g, "~");
}

export function applyPatch(doc, ops) {
  const root = { "": structuredClone(doc) };
  for (const op of ops) {
    const parts = op.path.split("/").map(unescape);
    let parent = root;
    let key = "";
    for (const part of parts.slice(1)) {
      if (parent[key] === null || typeof parent[key] !== "object") throw new Error(`patch: no ${op.path}`);
      parent = parent[key];
      key = part;
    }
    if (Array.isArray(parent)) {
      const index = key === "-" ? parent.length : Number(key);
      if (!Number.isInteger(index) || index < 0 || index > parent.length - (op.op === "add" ? 0 : 1)) throw new Error(`patch: no ${op.path}`);
      if (op.op === "add") parent.splice(index, 0, op.value);
      else if (op.op === "remove") parent.splice(index, 1);
      else parent[index] = op.value;
    } else if (op.op === "remove") {
      if (!(key in parent)) throw new Error(`patch: no ${op.path}`);
      delete parent[key];
    } else {
      if (op.op === "replace" && !(key in parent)) throw new Error(`patch: no ${op.path}`);
      parent[key] = op.value;
    }
  }
  return root[""];
}
