// What the server refuses, in French, keyed by the refusal's stable code (`reason` in the answer).
// Placeholders {name} take the refusal's `params`. In English the PWA shows the server's `message`
// (built from the same code and params); a code missing here falls back to that message, and a
// test checks that every code the rules and the API can send has its line here.
export const FR = {
  // ---- the rules (games/)

  // ---- the API (api/)
  no_table: "Aucune table avec le code {code}",
  no_seat_token: "Rejoignez d'abord la table : ce téléphone n'occupe aucune place",
  seat_not_allowed: "Ce téléphone joue {seat} et ne peut pas faire cela",
  stale_version: "La table a changé (version {version}) : votre écran n'est plus à jour",
  seat_taken: "La place {seat} est prise : l'hôte peut la confier à ce téléphone",
  no_seat: "Pas de place « {seat} » à cette table",
  too_many_attempts: "Trop de tentatives depuis cette adresse : attendez une minute",
  bad_idempotency_key: "Idempotency-Key : 1 à 100 lettres, chiffres ou . _ : -",
  table_busy: "La table est occupée par les changements des autres téléphones : réessayez",
  store_unavailable: "Le stockage des tables ne répond pas : réessayez dans un instant",
  change_too_old: "Ce changement (version {version}) est plus ancien que ce que garde l'historique",
  nothing_to_undo: "Rien à annuler",
  nothing_to_redo: "Rien à rétablir",
  no_version: "Pas de version {version} dans l'historique de cette table",
  version_too_old: "La version {version} est trop ancienne : l'historique ne garde que les derniers changements",
  not_your_change: "Seul l'hôte ou le téléphone qui a fait le changement {version} peut l'annuler ou le rétablir",
  host_only: "Seul l'hôte peut faire cela",
  bad_last_event_id: "Last-Event-ID ne désigne aucune version de cette table (maintenant {version})",
  no_hero: "Pas de héros « {hero} » à cette table",
  no_command_post: "Pas de poste de commandement pour « {side} » à cette table",
  no_roll: "Aucun jet en cours",
  no_power: "Pas de pouvoir « {power} » dans le livret",
  not_in_library: "« {name} » n'est pas dans la bibliothèque",
  unknown_game: "Cette application ne connaît pas le jeu « {game} »",
  unreadable_export: "L'export ne contient pas une table que cette application peut reprendre",
  invalid_request: "Requête invalide : {field}",
  method_not_allowed: "Cette adresse n'accepte pas cette méthode",
  not_found: "Rien à cette adresse",
  payload_too_large: "Envoi trop volumineux",
  unprocessable_entity: "Requête invalide",
  bad_request: "Requête invalide",

};
