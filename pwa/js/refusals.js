// What the server refuses, in French, keyed by the refusal's stable code (`reason` in the answer).
// Placeholders {name} take the refusal's `params`. In English the PWA shows the server's `message`
// (built from the same code and params); a code missing here falls back to that message, and a
// test checks that every code the rules and the API can send has its line here.
export const FR = {
  // ---- the rules (games/)

  // ---- the API (api/)

};
