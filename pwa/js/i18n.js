import { FR } from "./refusals.js";
import { EN as REFUSALS_EN } from "./refusals.js";

// English and French. The French game terms are the versus booklet's own
// (shared/rules/bgcc-versus-booklet-fr.md): réserve, zone de fatigue, blessure,
// case, indice de saturation, rivière, poste de commandement, dépolluer,
// démobilisation, réserve de personnages, pion point de vie, tuile événement…

const en = {
  appName: "Gotham Companion",
  "tab.home": "Home", "tab.table": "Table", "tab.hero": "Hero", "tab.villain": "Villain",
  "tab.dice": "Dice", "tab.history": "History",
  "game.bmg": "Batman Miniature Game", "game.gcsg": "Batman: Gotham City Strategy Game",
  "lang.switch": "Français", "lang.label": "Language",
  "conn.live": "Live", "conn.connecting": "Connecting…", "conn.reconnecting": "Reconnecting…",
  "conn.offline": "Offline", "conn.none": "No table",
  offlineBanner: "Offline: this is the table as last seen{when}. Changes are off until the connection returns.",
  offlineWhen: " at {time}",
  updateReady: "A new version of the app is ready.", updateNow: "Update",
  retry: "Try again",
  // home
  "home.title": "Gotham Companion",
  "home.intro": "One shared game for the phones around the table.",
  "home.join": "Join a table", "home.code": "Join code", "home.joinBtn": "Join",
  "home.codeHelp": "6 letters and digits, from the host's screen or link.",
  "home.scan": "Scan a QR code", "home.scanStop": "Stop scanning",
  "home.recent": "Your tables", "home.resume": "Resume", "home.forget": "Forget",
  "home.noRecent": "No table yet on this phone.",
  "home.create": "Create a table", "home.mission": "Mission", "home.heroes": "Heroes (1 to 4)",
  "home.tiles": "Villain's tiles: {tiles}", "home.items": "Equipment and bat-gadgets",
  "home.adjust": "Adjust values", "home.createBtn": "Create the table",
  "home.loading": "Loading the library…", "home.libraryFailed": "The library could not be loaded.",
  "home.pickHero": "Choose at least one hero.", "home.sample": "sample values",
  "home.turnLimit": "Turn limit", "home.villainReserve": "Villain's reserve",
  "home.villainFatigue": "Villain's fatigue", "home.recovery": "Villain's recovery",
  "home.rp": "Reinforcement points", "home.energy": "Energy",
  "home.activeRecovery": "Active recovery", "home.restingRecovery": "Resting recovery",
  "join.title": "Join table {code}", "join.pick": "Which seat does this phone take?",
  "join.take": "Take this seat", "join.taken": "taken", "join.free": "free",
  "join.handoverHelp": "A taken seat can be handed to this phone by the host (lost phone, dead battery).",
  "join.noTable": "No table with the code {code}.",
  "join.created": "Table {code} is set up. This phone holds the host seat: it may do everything, and hand seats over.",
  "join.playAs": "Which side does this phone play?",
  "join.hostOnly": "Host only",
  "join.share": "Share the join link", "join.copy": "Copy the link", "join.copied": "Link copied",
  // seats
  "seat.host": "Host", "seat.villain": "Villain", "seat.spectator": "Spectator",
  "seat.connected": "connected", "seat.away": "not connected",
  "seat.you": "this phone", "seat.handover": "Hand over",
  "seat.handoverDone": "Scan this code with the new phone for the {seat} seat, or send it the link:",
  "seat.handoverOnce": "It works once, for {minutes} min. Nobody holds the seat until then; hand it over again for a new code.",
  "join.claiming": "Taking the seat the host handed to this phone…",
  // table
  "table.turn": "Turn {turn} of {limit}", "table.track": "Turn track",
  "table.initiative": "Initiative", "table.heroes": "Heroes", "table.villain": "Villain",
  "table.step": "Current step", "table.playing": "Playing: {side}", "table.mayNow": "May be done now",
  "table.reminders": "Mission reminders for this step", "table.endConditions": "End-game conditions",
  "table.people": "At the table", "table.advance": "Advance to the next step",
  "table.over": "Game over", "table.winner": "Winner: {who}", "table.noWinner": "No winner",
  "table.endGame": "End the game", "table.endReason": "Reason (optional)",
  "table.code": "Join code", "table.mission": "Mission", "table.missionIs": "Mission: {name}", "table.initiativeIs": "Initiative: {side}", "table.events": "Mission events",
  "table.readonly": "Read-only on this phone.",
  // hero
  "hero.reserve": "Reserve", "hero.fatigue": "Fatigue", "hero.wound": "Wound", "hero.energy": "Energy",
  "hero.spaces": "Spaces: tap to spend a cube", "hero.saturated": "Saturated: {held} of {limit}",
  "hero.noReserve": "The reserve is empty",
  "hero.stance": "Stance", "hero.active": "Active", "hero.resting": "Resting",
  "hero.noStance": "No stance yet",
  "hero.recover": "recovers {n}", "hero.preview": "+{reserve} to the reserve",
  "hero.previewWound": ", {wound} wound → fatigue",
  "hero.stanceStep": "Stances are declared in the stance step.",
  "hero.chose": "{name} is {stance} this turn.",
  "hero.items": "Carried", "hero.encumbrance": "Encumbrance {total} / {max}",
  "hero.firstMove": "First movement bonus: +{n} move points",
  "hero.drop": "Drop", "hero.noItems": "Carries nothing.", "hero.gadget": "bat-gadget",
  "hero.skills": "Skills", "hero.skillOff": "off: encumbrance {total} reaches its limit {limit}",
  "hero.neutralized": "Neutralized", "hero.readonly": "This phone plays {seat}: {name}'s board is read-only here.", "hero.readonlyNoSeat": "This phone holds no seat: {name}'s board is read-only here.",
  "hero.actions": "Quick actions", "hero.autoManip": "Automatic manipulation (1 cube)",
  "hero.autoThought": "Automatic thought (1 cube)", "hero.move": "Move 1 area",
  "hero.woundBtn": "Suffer 1 wound", "hero.toFatigue": "1 cube → fatigue",
  "hero.pick": "Hero",
  "hero.none": "No hero at this table.",
  // spaces
  "space.melee": "Melee", "space.ranged": "Ranged", "space.manipulation": "Manipulation",
  "space.thought": "Thought", "space.movement": "Movement", "space.defense": "Defense",
  "space.reroll": "Reroll",
  "space.limit": "exertion limit {n}", "space.legend": "Each space: cubes / exertion limit. A saturated space takes no more cubes.",
  // villain
  "cp.title": "Command post", "cp.removed": "Out of the game",
  "cp.recovery": "Recovery {n}",
  "cp.river": "River", "cp.riverHelp": "Tap a tile to activate it; each position's cost is above it.",
  "cp.cost": "cost {n}", "cp.costBig": "Cost: {n}", "cp.position": "Position {n}", "cp.neutralized": "Neutralized",
  "cp.activate": "Activate", "cp.activateQ": "Activate {tile}?",
  "cp.activateCost": "Costs {cubes}: reserve {from} → {to}, fatigue +{cost}.",
  "cp.cannotAfford": "The reserve holds {reserve}: not enough.",
  "cp.cancel": "Cancel", "cp.activations": "Activations this turn: {n} of {limit}",
  "cp.activated": "Activated now: {tile}",
  "cp.dredge": "Dredge", "cp.dredgeBtn": "Dredge {n} tiles ({cubes} cubes leave the game)",
  "cp.dredgeHelp": "Neutralized tiles leave the river for 2 cubes each.",
  "cp.demobilize": "Demobilize (once per game, 2 cubes)",
  "cp.demobilized": "Demobilization used.",
  "cp.demobilizeBtn": "Demobilize {tile}", "cp.demobilizeGo": "Demobilize",
  "cp.lifeTrack": "Life point track", "cp.lp": "{n} / {max} life points",
  "cp.woundOne": "−1 life point",
  "cp.pool": "Character pool", "cp.poolEmpty": "The character pool is empty.",
  "cp.rp": "Reinforcement points: {n}", "cp.rpHelp": "Spend them at once: they are lost when the villain moves on.",
  "cp.bringBack": "Bring back ({n} pts)", "cp.noReturn": "never returns",
  "cp.miniatures": "Miniatures", "place.board": "on the board", "place.pool": "in the pool", "place.gone": "dredged",
  "cp.readonly": "This phone does not play the villain: read-only here.",
  "cp.spaces": "Spaces: tap to spend a cube",
  "level.leader": "Leader", "level.elite": "Elite", "level.henchman": "Henchman", "level.event": "Event",
  // dice
  "dice.title": "Dice", "dice.attacker": "Who acts", "dice.kind": "Action",
  "dice.melee": "Melee", "dice.ranged": "Ranged", "dice.cubes": "Cubes spent",
  "dice.target": "Target", "dice.defCubes": "Defense cubes",
  "dice.result": "What happened", "dice.noTarget": "No target on the board.",
  "dice.roll": "Roll the dice", "dice.defend": "Defend", "dice.pool": "Dice pool", "dice.odds": "Odds before rolling",
  "dice.wounds": "{n} wounds", "dice.unavailable": "The dice are not available on this server.",
  "dice.mode.server": "The app rolls", "dice.mode.physical": "Real dice",
  "dice.newRoll": "New roll", "dice.difficulty": "Difficulty", "dice.start": "Spend the cubes and build the pool",
  "dice.expected": "expected successes {n}", "dice.pAtLeast": "≥ {d}: {p}", "dice.expWounds": "expected wounds {n}",
  "dice.woundsDist": "Chance of each number of wounds:", "dice.successDist": "Chance of each number of successes:",
  "dice.cubeRow": "{c} cubes: {s} successes", "dice.pick": "Dice: tap to pick for a reroll",
  "dice.shown": "{n} successes shown", "dice.attackSuccesses": "Counted successes (automatic ones and hindering included): {n}",
  "dice.enterSuccesses": "Successes on your dice", "dice.enter": "Enter the successes",
  "dice.rerollFree": "Free reroll ({n} dice)", "dice.rerollPaid": "Paid reroll: {n} cubes on the reroll space",
  "dice.pickHelp": "Pick dice above, then reroll them; or end the rerolls.", "dice.endRerolls": "End the rerolls: count the successes",
  "dice.defendHelp": "{who} defends: cubes on the defense space roll defense dice, plus the automatic defense.",
  "dice.abandon": "Abandon the roll", "dice.last": "Last roll", "dice.defenseSuccesses": "Defense successes: {n}",
  "dice.modeTitle": "Dice at this table", "dice.calibrated": "Faces calibrated against this table's dice.",
  "dice.unverified": "Default faces (unverified): the host can calibrate them.",
  "dice.followUps": "Skills after the attack", "dice.followUpHelp": "A free action: no cube is spent.",
  "dice.followUpRemaining": "{n} remaining successes, no dice",
  "dice.followUpTake": "{skill}: attack", "dice.followUpTarget": "Other target",
  "skill.Combo": "Combo", "skill.Counterattack": "Counterattack", "skill.Retaliation": "Retaliation",
  "skill.Burst": "Burst", "skill.Circular strike": "Circular strike",
  // history
  "history.title": "History", "history.undo": "Undo", "history.redo": "Redo",
  "history.jump": "Back to here", "history.jumpQ": "Put the table back as it was after change {v}?",
  "history.empty": "Nothing happened yet.", "history.by": "by {who}",
  "history.confirm": "Go back",
  // generic
  ok: "OK", close: "Close", yes: "Yes", no: "No", loading: "Loading…",
  "err.network": "Not sent: no connection to the server.",
  "err.generic": "Something went wrong: {msg}",
  "err.stale": "The table changed meanwhile: here it is now.",
  "noTable": "Join or create a table first.", "goHome": "Go to Home",
  "side.heroes": "Heroes", "side.villain": "Villain",
  "may.advance": "advance to the next step", "may.declare_stance": "declare stances",
  "may.spend": "spend cubes", "may.attack": "attack", "may.complex_action": "complex actions",
  "may.automatic_action": "automatic actions", "may.move": "move", "may.pick_up": "pick up",
  "may.give": "give", "may.take": "take", "may.activate_tile": "activate a tile",
  "may.spend (defense, reroll)": "spend on defense and reroll", "may.wound": "wounds",
  "may.drop": "drop equipment", "may.place_token": "place a token", "may.remove_token": "remove a token",
  "may.end_game": "end the game",
  "may.roll": "roll the dice", "may.reroll": "reroll", "may.end_rerolls": "end the rerolls",
  "may.defend": "defend", "may.abandon": "abandon the roll", "may.follow_up": "a skill's free action",

  "may.dredge": "dredge the river", "may.demobilize": "demobilize", "may.reinforce": "bring back characters",
  "may.throw": "throw equipment", "may.end_reinforcement": "end the reinforcement",
  "may.record_mission_rule": "apply a mission rule", "may.resolve_mission_event": "resolve the mission's event",
  "vs.missionRules": "Mission rules now", "vs.missionRecord": "Record", "vs.missionEventGo": "Back in the box (free)",
  "vs.usesLeft": "{n} left", "vs.missionTile": "The neutralized tile back in the box",
  "cp.endReinforcement": "Done reinforcing (unspent points are lost)",
  "dice.throw": "Throw (V·D·1 [e])", "dice.noThrow": "no throw", "dice.distance": "Distance (difficulty)",
  "may.resolve_power": "resolve an HQ power", "may.choose_hq": "choose an HQ", "may.pick_hq": "choose an HQ",
  "may.draft_tile": "draft a tile", "may.set_dice_mode": "choose the dice mode", "may.calibrate_dice": "calibrate the dice",
  "may.start_roll": "start a roll", "may.start_free_roll": "start a free roll", "may.roll_dice": "roll the dice",
  "may.reroll_dice": "reroll", "may.abandon_roll": "abandon the roll", "may.start_follow_up": "a skill's free action",
  "may.nothing": "Nothing on this phone now.",
  "why.notNow": "Not now: {step}", "why.other": "Not this phone: {seats}", "why.host": "Only the host's phone",

  // versus
  "tab.versus": "Command post", "tab.setup": "Setup",
  "home.modeLabel": "Game mode", "home.mode.standard": "Standard", "home.mode.versus": "Versus",
  "home.modeHelp.standard": "The heroes against the villain's command post, from the library.",
  "home.modeHelp.versus": "Two players, one command post each, with a mission of the Versus booklet.",
  "seat.heroes": "Heroes",
  "side.the.heroes": "the heroes", "side.the.villain": "the villain",
  "side.of.heroes": "the heroes'", "side.of.villain": "the villain's",
  "join.versusHelp": "A Versus table: one phone plays the heroes' command post, the other the villain's.",
  "unit.disc.one": "{n} disc", "unit.disc.other": "{n} discs",
  "unit.cube.one": "{n} cube", "unit.cube.other": "{n} cubes",
  "vs.mission": "Versus booklet mission", "vs.missionsFailed": "The booklet's missions could not be loaded.",
  "vs.facts": "Initiative: {side} · {n} turns",
  "vs.about": "About this mission",
  "vs.toFill": "to fill in",
  "vs.toFillNote": "✎ The booklet's text lacks these numbers (they are on the mission's setup figure): the app suggests values. Check them against your mission sheet and change them.",
  "vs.postOf": "{of} command post",
  "vs.field.reserve": "Reserve", "vs.field.fatigue": "Fatigue", "vs.field.recovery": "Recovery",
  "vs.field.discs_available": "Available APDs", "vs.field.discs_unavailable": "Unavailable APDs",
  "vs.discRecovery": "Activation potential recovered at each upkeep (booklet): {list}",
  "vs.initialRiver": "Initial river (slots in order)",
  "vs.slotN": "Slot {n} of {of} river", "vs.removeSlot": "Remove slot {n}", "vs.addSlot": "Add a slot",
  "vs.riverWidth": "River width {n} of {max} positions.",
  "vs.oneHQ": "{of} river needs exactly one HQ slot.", "vs.oneEvent": "{of} river needs exactly one event tile.",
  "vs.tooLong": "{of} river is {n} positions long: at most {max}.",
  "vs.badNumber": "{field} ({side}): enter a whole number, 0 or more.",
  "vs.createBtn": "Create the Versus table",
  "vs.kind.simple": "simple", "vs.kind.double": "double", "vs.kind.event": "event",
  "vs.slot.hq": "HQ · {kind}", "vs.slot.event": "event tile",
  "vs.setupTitle": "Versus setup", "vs.whoseTurn": "Whose pick",
  "vs.stepHQ": "Setup · Versus I·C·2", "vs.stepTeam": "Setup · Versus I·C·3",
  "vs.phaseHQ": "HQ selection: {of} pick", "vs.phaseTeam": "Team composition: {of} pick",
  "vs.yourPick": "Your pick", "vs.waitingFor": "Waiting for {the}",
  "vs.hqHelp": "Each side chooses its HQ among its Leader / Lieutenant level tiles, the side with initiative first. The HQ slot of the initial river sets the kind (simple or double). The HQ brings its powers and the event tile.",
  "vs.teamHelp": "The sides take tiles of their side one at a time, in turn, until their initial rivers are full. A Leader / Lieutenant level tile drafted for a slot other than the HQ is a Lieutenant: its life point marker goes on the command post and it adds nothing to the event tile.",
  "vs.chooseHQ": "Choose {of} HQ", "vs.chooseTile": "Draft a tile for {the}",
  "vs.freeKinds": "Free slots: {kinds}. Tiles from the library.",
  "vs.noCandidates": "The library holds no tile of {the} for a free slot ({kinds}). Add the tiles of your boxes to the library, then come back.",
  "vs.isLieutenant": "Leader / Lieutenant level: drafted here it is a Lieutenant.",
  "vs.powersOf": "HQ powers: {list}", "vs.noPowers": "No HQ power in the booklet for this name.",
  "vs.pickHQ": "Choose as HQ", "vs.pickHQQ": "Choose {tile} as HQ?", "vs.hqComes": "The HQ comes with these powers (Versus II):",
  "vs.draftIt": "Draft", "vs.draftQ": "Draft {tile} as a Lieutenant?",
  "vs.lieutenantHelp": "This Leader / Lieutenant level tile goes into a slot other than the HQ's: it is a Lieutenant. Its life point marker goes on the command post, and it adds no effect to the event tile.",
  "vs.lieutenant": "Lieutenant",
  "vs.riverOf": "{of} river", "vs.free": "free", "vs.eventLater": "placed when both teams are complete",
  "vs.hqPowers": "HQ: {tile}", "vs.hq": "HQ",
  "vs.type.special_event": "special event", "vs.type.permanent": "permanent", "vs.or": "— or —",
  "vs.whichPost": "Command post shown", "vs.opponentReadonly": "The opponent's command post: read-only on this phone.",
  "vs.notVersus": "This table is not a Versus table.", "vs.useCommandPost": "A Versus table: each side has its command post.",
  "vs.discsTitle": "Activation potential discs (APD)",
  "vs.zone.available": "Available", "vs.zone.unavailable": "Unavailable", "vs.zone.spent": "Spent",
  "vs.zoneFull.available": "Available activation potential zone",
  "vs.zoneFull.unavailable": "Unavailable activation potential zone",
  "vs.zoneFull.spent": "Activation potential spent zone",
  "vs.nextCost": "Activation {n} costs {discs}, then the tile's cubes.",
  "vs.nextFree": "The next activation is free (HQ power).",
  "vs.noMoreDiscs": "Not enough available discs for another activation: end the activations.",
  "vs.recoveryNote": "Upkeep of this turn: {n} unavailable → available. At the end of the turn, spent discs become unavailable.",
  "vs.activations": "Activations this turn: {n}",
  "vs.riverHelp": "Tap a tile to activate it: discs first, then the cubes of its position (in its corner).",
  "vs.tileCost": "{discs} and {cubes}",
  "vs.activationNo": "Activation {n} of this turn",
  "vs.discsMove": "available → spent ({from} → {to} available)",
  "vs.cubesMove": "reserve → fatigue ({from} → {to} in reserve)",
  "vs.freeActivation": "A power makes the next activation free.",
  "vs.cannotDiscs": "Only {n} discs are available: not enough.",
  "vs.hacked": "Hacking token: exertion limit −{n}",
  "vs.pendingTitle": "HQ power to resolve", "vs.mandatory": "mandatory",
  "vs.chooseAlt": "Choose one (the booklet says “or”)",
  "vs.pickTile": "Tile {n} of {of} river", "vs.pickSpace": "Space of {of} command post",
  "vs.noSpace": "No hacking token", "vs.pickCharacter": "Character: {what}", "vs.aCharacter": "a character",
  "vs.successes": "Successes rolled at the table",
  "vs.onTheBoard": "Played on the board: nothing for the app to count.",
  "vs.resolve": "Apply the power", "vs.doneOnBoard": "Done on the board",
  "vs.pendingWait": "{of} phone resolves it.",
  "vs.pendingElsewhere": "An HQ power of {the} must be resolved before anything else.",
  "vs.pendingOn": "To resolve ({side}): {power}",
  "vs.postsTitle": "Command posts", "vs.openSetup": "Open the setup",
};

const fr = {
  appName: "Gotham Companion",
  "tab.home": "Accueil", "tab.table": "Table", "tab.hero": "Héros", "tab.villain": "Vilain",
  "tab.dice": "Dés", "tab.history": "Historique",
  "game.bmg": "Batman Miniature Game", "game.gcsg": "Batman : Gotham City Strategy Game",
  "lang.switch": "English", "lang.label": "Langue",
  "conn.live": "En direct", "conn.connecting": "Connexion…", "conn.reconnecting": "Reconnexion…",
  "conn.offline": "Hors ligne", "conn.none": "Pas de table",
  offlineBanner: "Hors ligne : voici la table telle que vue pour la dernière fois{when}. Les changements reprendront avec la connexion.",
  offlineWhen: " à {time}",
  updateReady: "Une nouvelle version de l'application est prête.", updateNow: "Mettre à jour",
  retry: "Réessayer",
  "home.title": "Gotham Companion",
  "home.intro": "Une seule partie partagée par les téléphones autour de la table.",
  "home.join": "Rejoindre une table", "home.code": "Code de la table", "home.joinBtn": "Rejoindre",
  "home.codeHelp": "6 lettres et chiffres, sur l'écran ou le lien de l'hôte.",
  "home.scan": "Scanner un QR code", "home.scanStop": "Arrêter",
  "home.recent": "Vos tables", "home.resume": "Reprendre", "home.forget": "Oublier",
  "home.noRecent": "Aucune table sur ce téléphone.",
  "home.create": "Créer une table", "home.mission": "Mission", "home.heroes": "Héros (1 à 4)",
  "home.tiles": "Tuiles du vilain : {tiles}", "home.items": "Matériel et bat-gadgets",
  "home.adjust": "Ajuster les valeurs", "home.createBtn": "Créer la table",
  "home.loading": "Chargement de la bibliothèque…", "home.libraryFailed": "La bibliothèque n'a pas pu être chargée.",
  "home.pickHero": "Choisissez au moins un héros.", "home.sample": "valeurs d'exemple",
  "home.turnLimit": "Nombre de tours", "home.villainReserve": "Réserve du vilain",
  "home.villainFatigue": "Zone de fatigue du vilain", "home.recovery": "Récupération du vilain",
  "home.rp": "Points de renfort", "home.energy": "Énergie",
  "home.activeRecovery": "Récupération active", "home.restingRecovery": "Récupération au repos",
  "join.title": "Rejoindre la table {code}", "join.pick": "Quelle place prend ce téléphone ?",
  "join.take": "Prendre cette place", "join.taken": "prise", "join.free": "libre",
  "join.handoverHelp": "L'hôte peut confier une place prise à ce téléphone (téléphone perdu, batterie vide).",
  "join.noTable": "Aucune table avec le code {code}.",
  "join.created": "La table {code} est en place. Ce téléphone est l'hôte : il peut tout faire et confier les places.",
  "join.playAs": "Quel camp joue ce téléphone ?",
  "join.hostOnly": "Hôte seulement",
  "join.share": "Partager le lien", "join.copy": "Copier le lien", "join.copied": "Lien copié",
  "seat.host": "Hôte", "seat.villain": "Vilain", "seat.spectator": "Spectateur",
  "seat.connected": "connecté", "seat.away": "non connecté",
  "seat.you": "ce téléphone", "seat.handover": "Confier",
  "seat.handoverDone": "Scannez ce code avec le nouveau téléphone pour la place {seat}, ou envoyez-lui le lien :",
  "seat.handoverOnce": "Il sert une fois, pendant {minutes} min. Personne ne tient la place d'ici là ; confiez-la à nouveau pour un nouveau code.",
  "join.claiming": "Prise de la place que l'hôte a confiée à ce téléphone…",
  "table.turn": "Tour {turn} sur {limit}", "table.track": "Piste des tours",
  "table.initiative": "Initiative", "table.heroes": "Héros", "table.villain": "Vilain",
  "table.step": "Étape en cours", "table.playing": "Joue : {side}", "table.mayNow": "Possible maintenant",
  "table.reminders": "Rappels de la mission pour cette étape", "table.endConditions": "Conditions de fin de partie",
  "table.people": "Autour de la table", "table.advance": "Passer à l'étape suivante",
  "table.over": "Fin de partie", "table.winner": "Vainqueur : {who}", "table.noWinner": "Aucun vainqueur",
  "table.endGame": "Terminer la partie", "table.endReason": "Raison (facultatif)",
  "table.code": "Code de la table", "table.mission": "Mission", "table.missionIs": "Mission : {name}", "table.initiativeIs": "Initiative : {side}", "table.events": "Événements de la mission",
  "table.readonly": "Lecture seule sur ce téléphone.",
  "hero.reserve": "Réserve", "hero.fatigue": "Fatigue", "hero.wound": "Blessure", "hero.energy": "Énergie",
  "hero.spaces": "Cases : touchez pour dépenser un cube", "hero.saturated": "Saturée : {held} sur {limit}",
  "hero.noReserve": "La réserve est vide",
  "hero.stance": "Posture", "hero.active": "Active", "hero.resting": "Repos",
  "hero.noStance": "Pas encore de posture",
  "hero.recover": "récupère {n}", "hero.preview": "+{reserve} en réserve",
  "hero.previewWound": ", {wound} blessure → fatigue",
  "hero.stanceStep": "Les postures se déclarent à l'étape des postures.",
  "hero.chose": "{name} : posture {stance} ce tour.",
  "hero.items": "Porté", "hero.encumbrance": "Encombrement {total} / {max}",
  "hero.firstMove": "Bonus au premier mouvement : +{n} points de déplacement",
  "hero.drop": "Lâcher", "hero.noItems": "Ne porte rien.", "hero.gadget": "bat-gadget",
  "hero.skills": "Compétences", "hero.skillOff": "inactive : l'encombrement {total} atteint sa limite {limit}",
  "hero.neutralized": "Neutralisé", "hero.readonly": "Ce téléphone joue {seat} : le plateau de {name} est en lecture seule ici.", "hero.readonlyNoSeat": "Ce téléphone ne tient aucune place : le plateau de {name} est en lecture seule ici.",
  "hero.actions": "Actions rapides", "hero.autoManip": "Manipulation automatique (1 cube)",
  "hero.autoThought": "Réflexion automatique (1 cube)", "hero.move": "Se déplacer d'une zone",
  "hero.woundBtn": "Subir 1 blessure", "hero.toFatigue": "1 cube → fatigue",
  "hero.pick": "Héros",
  "hero.none": "Aucun héros à cette table.",
  "space.melee": "Corps à corps", "space.ranged": "À distance", "space.manipulation": "Manipulation",
  "space.thought": "Réflexion", "space.movement": "Mouvement", "space.defense": "Défense",
  "space.reroll": "Relance",
  "space.limit": "indice de saturation {n}", "space.legend": "Chaque case : cubes / indice de saturation. Une case saturée ne reçoit plus de cube.",
  "cp.title": "Poste de commandement", "cp.removed": "Hors jeu",
  "cp.recovery": "Récupération {n}",
  "cp.river": "Rivière", "cp.riverHelp": "Touchez une tuile pour l'activer ; le coût de chaque position est au-dessus.",
  "cp.cost": "coût {n}", "cp.costBig": "Coût : {n}", "cp.position": "Position {n}", "cp.neutralized": "Neutralisée",
  "cp.activate": "Activer", "cp.activateQ": "Activer {tile} ?",
  "cp.activateCost": "Coûte {cubes} : réserve {from} → {to}, fatigue +{cost}.",
  "cp.cannotAfford": "La réserve contient {reserve} : pas assez.",
  "cp.cancel": "Annuler", "cp.activations": "Activations ce tour : {n} sur {limit}",
  "cp.activated": "Activée : {tile}",
  "cp.dredge": "Dépolluer", "cp.dredgeBtn": "Dépolluer {n} tuiles ({cubes} cubes hors jeu)",
  "cp.dredgeHelp": "Les tuiles neutralisées quittent la rivière pour 2 cubes chacune.",
  "cp.demobilize": "Démobilisation (une fois par partie, 2 cubes)",
  "cp.demobilized": "Démobilisation utilisée.",
  "cp.demobilizeBtn": "Démobiliser {tile}", "cp.demobilizeGo": "Démobiliser",
  "cp.lifeTrack": "Pions point de vie", "cp.lp": "{n} / {max} points de vie",
  "cp.woundOne": "−1 point de vie",
  "cp.pool": "Réserve de personnages", "cp.poolEmpty": "La réserve de personnages est vide.",
  "cp.rp": "Points de renfort : {n}", "cp.rpHelp": "À dépenser immédiatement : ils sont perdus quand le vilain continue.",
  "cp.bringBack": "Faire revenir ({n} pts)", "cp.noReturn": "ne revient jamais",
  "cp.miniatures": "Figurines", "place.board": "sur le plateau", "place.pool": "en réserve", "place.gone": "dépolluée",
  "cp.readonly": "Ce téléphone ne joue pas le vilain : lecture seule ici.",
  "cp.spaces": "Cases : touchez pour dépenser un cube",
  "level.leader": "Chef", "level.elite": "Élite", "level.henchman": "Sbire", "level.event": "Événement",
  "dice.title": "Dés", "dice.attacker": "Qui agit", "dice.kind": "Action",
  "dice.melee": "Corps à corps", "dice.ranged": "À distance", "dice.cubes": "Cubes dépensés",
  "dice.target": "Cible", "dice.defCubes": "Cubes de défense",
  "dice.result": "Ce qui s'est passé", "dice.noTarget": "Aucune cible sur le plateau.",
  "dice.roll": "Lancer les dés", "dice.defend": "Défendre", "dice.pool": "Réserve de dés", "dice.odds": "Probabilités avant de lancer",
  "dice.wounds": "{n} blessures", "dice.unavailable": "Les dés ne sont pas disponibles sur ce serveur.",
  "dice.mode.server": "L'application lance", "dice.mode.physical": "Vrais dés",
  "dice.newRoll": "Nouveau lancer", "dice.difficulty": "Difficulté", "dice.start": "Dépenser les cubes et constituer la réserve de dés",
  "dice.expected": "succès attendus {n}", "dice.pAtLeast": "≥ {d} : {p}", "dice.expWounds": "blessures attendues {n}",
  "dice.woundsDist": "Chance de chaque nombre de blessures :", "dice.successDist": "Chance de chaque nombre de succès :",
  "dice.cubeRow": "{c} cubes : {s} succès", "dice.pick": "Dés : touchez pour choisir ceux à relancer",
  "dice.shown": "{n} succès visibles", "dice.attackSuccesses": "Succès comptés (automatiques et gêne compris) : {n}",
  "dice.enterSuccesses": "Succès sur vos dés", "dice.enter": "Saisir les succès",
  "dice.rerollFree": "Relance gratuite ({n} dés)", "dice.rerollPaid": "Relance payante : {n} cubes sur la case relance",
  "dice.pickHelp": "Choisissez des dés ci-dessus puis relancez-les, ou terminez les relances.", "dice.endRerolls": "Terminer les relances : compter les succès",
  "dice.defendHelp": "{who} se défend : les cubes de la case défense lancent les dés de défense, plus la défense automatique.",
  "dice.abandon": "Abandonner le lancer", "dice.last": "Dernier lancer", "dice.defenseSuccesses": "Succès de défense : {n}",
  "dice.modeTitle": "Les dés à cette table", "dice.calibrated": "Faces calibrées sur les dés de cette table.",
  "dice.unverified": "Faces par défaut (non vérifiées) : l'hôte peut les calibrer.",
  "dice.followUps": "Compétences après l'attaque", "dice.followUpHelp": "Une action gratuite : aucun cube n'est dépensé.",
  "dice.followUpRemaining": "{n} succès restants, sans dés",
  "dice.followUpTake": "{skill} : attaquer", "dice.followUpTarget": "Autre cible",
  "skill.Combo": "Combo", "skill.Counterattack": "Contre-attaque", "skill.Retaliation": "Riposte",
  "skill.Burst": "Rafale", "skill.Circular strike": "Frappe circulaire",
  "history.title": "Historique", "history.undo": "Annuler", "history.redo": "Rétablir",
  "history.jump": "Revenir ici", "history.jumpQ": "Remettre la table comme après le changement {v} ?",
  "history.empty": "Rien ne s'est encore passé.", "history.by": "par {who}",
  "history.confirm": "Revenir",
  ok: "OK", close: "Fermer", yes: "Oui", no: "Non", loading: "Chargement…",
  "err.network": "Non envoyé : pas de connexion au serveur.",
  "err.generic": "Un problème est survenu : {msg}",
  "err.stale": "La table a changé entre-temps : la voici.",
  "noTable": "Rejoignez ou créez d'abord une table.", "goHome": "Aller à l'accueil",
  "side.heroes": "Héros", "side.villain": "Vilain",
  "may.advance": "passer à l'étape suivante", "may.declare_stance": "déclarer les postures",
  "may.spend": "dépenser des cubes", "may.attack": "attaquer", "may.complex_action": "actions complexes",
  "may.automatic_action": "actions automatiques", "may.move": "se déplacer", "may.pick_up": "ramasser",
  "may.give": "donner", "may.take": "prendre", "may.activate_tile": "activer une tuile",
  "may.spend (defense, reroll)": "dépenser en défense et relance", "may.wound": "blessures",
  "may.drop": "lâcher du matériel", "may.place_token": "poser un pion", "may.remove_token": "retirer un pion",
  "may.end_game": "terminer la partie",
  "may.roll": "lancer les dés", "may.reroll": "relancer", "may.end_rerolls": "terminer les relances",
  "may.defend": "se défendre", "may.abandon": "abandonner le lancer", "may.follow_up": "l'action gratuite d'une compétence",

  "may.dredge": "dépolluer la rivière", "may.demobilize": "démobiliser", "may.reinforce": "faire revenir des personnages",
  "may.throw": "lancer un équipement", "may.end_reinforcement": "terminer les renforts",
  "may.record_mission_rule": "appliquer une règle de mission", "may.resolve_mission_event": "résoudre l'événement de la mission",
  "vs.missionRules": "Règles de la mission maintenant", "vs.missionRecord": "Noter", "vs.missionEventGo": "Remettre dans la boîte (gratuit)",
  "vs.usesLeft": "encore {n}", "vs.missionTile": "La tuile neutralisée remise dans la boîte",
  "cp.endReinforcement": "Renforts terminés (les points non dépensés sont perdus)",
  "dice.throw": "Lancer un équipement (V·D·1 [e])", "dice.noThrow": "pas de lancer", "dice.distance": "Distance (difficulté)",
  "may.resolve_power": "résoudre un pouvoir de QG", "may.choose_hq": "choisir un QG", "may.pick_hq": "choisir un QG",
  "may.draft_tile": "choisir une tuile", "may.set_dice_mode": "choisir le mode des dés", "may.calibrate_dice": "calibrer les dés",
  "may.start_roll": "commencer un lancer", "may.start_free_roll": "commencer un lancer gratuit", "may.roll_dice": "lancer les dés",
  "may.reroll_dice": "relancer", "may.abandon_roll": "abandonner le lancer", "may.start_follow_up": "l'action gratuite d'une compétence",
  "may.nothing": "Rien sur ce téléphone pour l'instant.",
  "why.notNow": "Pas maintenant : {step}", "why.other": "Pas ce téléphone : {seats}", "why.host": "Seul le téléphone de l'hôte",

  "tab.versus": "Poste", "tab.setup": "Mise en place",
  "home.modeLabel": "Mode de jeu", "home.mode.standard": "Standard", "home.mode.versus": "Versus",
  "home.modeHelp.standard": "Les héros contre le poste de commandement du vilain, depuis la bibliothèque.",
  "home.modeHelp.versus": "Deux joueurs, chacun son poste de commandement, avec une mission du livret Versus.",
  "seat.heroes": "Héros",
  "side.the.heroes": "les héros", "side.the.villain": "le vilain",
  "side.of.heroes": "des héros", "side.of.villain": "du vilain",
  "join.versusHelp": "Une table Versus : un téléphone joue le poste de commandement des héros, l'autre celui du vilain.",
  "unit.disc.one": "{n} disque", "unit.disc.other": "{n} disques",
  "unit.cube.one": "{n} cube", "unit.cube.other": "{n} cubes",
  "vs.mission": "Mission du livret Versus", "vs.missionsFailed": "Les missions du livret n'ont pas pu être chargées.",
  "vs.facts": "Initiative : {side} · {n} tours",
  "vs.about": "À propos de cette mission",
  "vs.toFill": "à compléter",
  "vs.toFillNote": "✎ Le texte du livret n'a pas ces nombres (ils sont sur la figure de mise en place de la mission) : l'application propose des valeurs. Vérifiez-les avec votre fiche de mission et modifiez-les.",
  "vs.postOf": "Poste de commandement {of}",
  "vs.field.reserve": "Réserve", "vs.field.fatigue": "Zone de fatigue", "vs.field.recovery": "Récupération",
  "vs.field.discs_available": "DPA disponibles", "vs.field.discs_unavailable": "DPA indisponibles",
  "vs.discRecovery": "Potentiel d'activation récupéré à chaque entretien (livret) : {list}",
  "vs.initialRiver": "Rivière initiale (emplacements dans l'ordre)",
  "vs.slotN": "Emplacement {n} de la rivière {of}", "vs.removeSlot": "Retirer l'emplacement {n}", "vs.addSlot": "Ajouter un emplacement",
  "vs.riverWidth": "Longueur de la rivière : {n} positions sur {max}.",
  "vs.oneHQ": "La rivière {of} doit avoir exactement un emplacement de QG.", "vs.oneEvent": "La rivière {of} doit avoir exactement une tuile événement.",
  "vs.tooLong": "La rivière {of} compte {n} positions : {max} au plus.",
  "vs.badNumber": "{field} ({side}) : saisissez un nombre entier, 0 ou plus.",
  "vs.createBtn": "Créer la table Versus",
  "vs.kind.simple": "simple", "vs.kind.double": "double", "vs.kind.event": "événement",
  "vs.slot.hq": "QG · {kind}", "vs.slot.event": "tuile événement",
  "vs.setupTitle": "Mise en place Versus", "vs.whoseTurn": "À qui de choisir",
  "vs.stepHQ": "Mise en place · Versus I·C·2", "vs.stepTeam": "Mise en place · Versus I·C·3",
  "vs.phaseHQ": "Sélection du QG : au tour {of}", "vs.phaseTeam": "Composition de l'équipe : au tour {of}",
  "vs.yourPick": "À vous de choisir", "vs.waitingFor": "En attente {of}",
  "vs.hqHelp": "Chaque joueur choisit son QG parmi les tuiles personnage de niveau QG/Lieutenant de son camp, en commençant par le camp qui a l'initiative. L'emplacement de QG de la rivière initiale en fixe le type (simple ou double). Le QG vient avec son pouvoir et avec la tuile événement.",
  "vs.teamHelp": "Les joueurs choisissent les tuiles personnage de leur camp une à une et à tour de rôle, jusqu'à remplir leur rivière initiale. Une tuile de niveau QG/Lieutenant sélectionnée pour un emplacement autre que celui de QG est une tuile de lieutenant : son pion point de vie est placé sur le poste de commandement, et elle n'ajoute aucun effet à la tuile événement.",
  "vs.chooseHQ": "Choisir le QG {of}", "vs.chooseTile": "Choisir une tuile pour {the}",
  "vs.freeKinds": "Emplacements libres : {kinds}. Tuiles de la bibliothèque.",
  "vs.noCandidates": "La bibliothèque n'a aucune tuile {of} pour un emplacement libre ({kinds}). Ajoutez les tuiles de vos boîtes à la bibliothèque, puis revenez.",
  "vs.isLieutenant": "Niveau QG/Lieutenant : choisie ici, c'est une tuile de lieutenant.",
  "vs.powersOf": "Pouvoirs de QG : {list}", "vs.noPowers": "Aucun pouvoir de QG du livret à ce nom.",
  "vs.pickHQ": "Choisir comme QG", "vs.pickHQQ": "Choisir {tile} comme QG ?", "vs.hqComes": "Le QG vient avec ces pouvoirs (Versus II) :",
  "vs.draftIt": "Choisir", "vs.draftQ": "Choisir {tile} comme lieutenant ?",
  "vs.lieutenantHelp": "Cette tuile de niveau QG/Lieutenant va dans un emplacement autre que celui de QG : c'est une tuile de lieutenant. Son pion point de vie est placé sur le poste de commandement, et elle n'ajoute aucun effet à la tuile événement.",
  "vs.lieutenant": "Lieutenant",
  "vs.riverOf": "Rivière {of}", "vs.free": "libre", "vs.eventLater": "placée quand les deux équipes sont complètes",
  "vs.hqPowers": "QG : {tile}", "vs.hq": "QG",
  "vs.type.special_event": "événement spécial", "vs.type.permanent": "permanent", "vs.or": "— ou —",
  "vs.whichPost": "Poste de commandement affiché", "vs.opponentReadonly": "Le poste de commandement adverse : lecture seule sur ce téléphone.",
  "vs.notVersus": "Cette table n'est pas une table Versus.", "vs.useCommandPost": "Une table Versus : chaque camp a son poste de commandement.",
  "vs.discsTitle": "Disques de potentiel d'activation (DPA)",
  "vs.zone.available": "Disponible", "vs.zone.unavailable": "Indisponible", "vs.zone.spent": "Dépense",
  "vs.zoneFull.available": "Zone de potentiel d'activation disponible",
  "vs.zoneFull.unavailable": "Zone de potentiel d'activation indisponible",
  "vs.zoneFull.spent": "Zone de dépense de potentiel d'activation",
  "vs.nextCost": "L'activation {n} coûte {discs}, puis les cubes de la tuile.",
  "vs.nextFree": "La prochaine activation est gratuite (pouvoir de QG).",
  "vs.noMoreDiscs": "Pas assez de DPA disponibles pour une autre activation : terminez les activations.",
  "vs.recoveryNote": "Entretien de ce tour : {n} indisponible(s) → disponible(s). En fin de tour, les DPA de la zone de dépense deviennent indisponibles.",
  "vs.activations": "Activations ce tour : {n}",
  "vs.riverHelp": "Touchez une tuile pour l'activer : d'abord les DPA, puis les cubes de sa position (dans son coin).",
  "vs.tileCost": "{discs} et {cubes}",
  "vs.activationNo": "Activation {n} de ce tour",
  "vs.discsMove": "disponible → dépense ({from} → {to} disponibles)",
  "vs.cubesMove": "réserve → fatigue ({from} → {to} en réserve)",
  "vs.freeActivation": "Un pouvoir rend la prochaine activation gratuite.",
  "vs.cannotDiscs": "Seulement {n} DPA disponibles : pas assez.",
  "vs.hacked": "Pion piratage : indice de saturation −{n}",
  "vs.pendingTitle": "Pouvoir de QG à résoudre", "vs.mandatory": "obligatoire",
  "vs.chooseAlt": "Choisissez-en un (le livret dit « OU »)",
  "vs.pickTile": "Tuile {n} de la rivière {of}", "vs.pickSpace": "Case du poste de commandement {of}",
  "vs.noSpace": "Pas de pion piratage", "vs.pickCharacter": "Personnage : {what}", "vs.aCharacter": "un personnage",
  "vs.successes": "Succès obtenus à la table",
  "vs.onTheBoard": "Se joue sur le plateau : rien à compter pour l'application.",
  "vs.resolve": "Appliquer le pouvoir", "vs.doneOnBoard": "Fait sur le plateau",
  "vs.pendingWait": "Le téléphone {of} le résout.",
  "vs.pendingElsewhere": "Un pouvoir de QG {of} doit être résolu avant toute autre chose.",
  "vs.pendingOn": "À résoudre ({side}) : {power}",
  "vs.postsTitle": "Postes de commandement", "vs.openSetup": "Ouvrir la mise en place",
};

// Step titles: English from the API; French here, in the booklet's words.
const STEPS_FR = {
  setup: "Mise en place",
  upkeep: "Entretien : avancer le marqueur de tour, effets d'entretien",
  "heroes.upkeep_start": "Héros : entretien du début du tour",
  "heroes.start_effects": "Héros : résolution des effets de début de tour",
  "heroes.stances": "Héros : déclaration des postures",
  "heroes.actions": "Héros : actions",
  "heroes.end_effects": "Héros : résolution des effets de fin de tour",
  "heroes.upkeep_end": "Héros : entretien de fin du tour",
  end_check_1: "Vérification des conditions de fin de partie 1",
  end_check_2: "Vérification des conditions de fin de partie 2",
  "villain.upkeep": "Vilain : entretien du tour du vilain",
  "villain.start_effects": "Vilain : résolution des effets de début de tour",
  "villain.first_tile": "Vilain : activation de la première tuile",
  "villain.second_tile": "Vilain : activation de la deuxième tuile",
  "villain.end_effects": "Vilain : résolution des effets de fin de tour",
  game_over: "Fin de partie",
  // Versus (the booklet's words)
  "heroes.upkeep": "Héros : entretien du tour et récupération du potentiel d'activation",
  "heroes.activations": "Héros : dépense du potentiel d'activation, activation des tuiles",
  "villain.activations": "Vilain : dépense du potentiel d'activation, activation des tuiles",
};

// Step titles in English, as the API's turn view names them (games/bgcc/turn.py STEP_TITLES), for
// step ids met elsewhere than the current step (the step Advance leads to, a refusal's params).
const STEPS_EN = {
  setup: "Setup",
  upkeep: "Upkeep: advance the turn marker, upkeep effects",
  "heroes.upkeep_start": "Heroes: upkeep, start of turn",
  "heroes.start_effects": "Heroes: start of turn effects",
  "heroes.stances": "Heroes: declare stances",
  "heroes.actions": "Heroes: actions",
  "heroes.end_effects": "Heroes: end of turn effects",
  "heroes.upkeep_end": "Heroes: upkeep, end of turn",
  end_check_1: "Check end-game conditions 1",
  end_check_2: "Check end-game conditions 2",
  "villain.upkeep": "Villain: upkeep",
  "villain.start_effects": "Villain: start of turn effects",
  "villain.first_tile": "Villain: activate the first tile",
  "villain.second_tile": "Villain: activate the second tile",
  "villain.end_effects": "Villain: end of turn effects",
  game_over: "Game over",
  "heroes.upkeep": "Heroes: upkeep and activation potential recovery",
  "heroes.activations": "Heroes: spend activation potential, activate tiles",
  "villain.activations": "Villain: spend activation potential, activate tiles",
};
const STEPS = { en: STEPS_EN, fr: STEPS_FR };

// ---- the Batman Miniature Game and the Gotham City Strategy Game (screens/bmg.js, gcsg.js, games-new.js)
Object.assign(en, {
  "tab.round": "Round", "tab.plan": "Plan", "tab.city": "City", "tab.stash": "Stash", "tab.fight": "Fight",
  "home.mode.bmg": "Miniature Game", "home.mode.gcsg": "Strategy Game",
  "home.modeHelp.bmg": "Batman Miniature Game: two players, a crew each, four rounds.",
  "home.modeHelp.gcsg": "Gotham City Strategy Game: 2 to 4 villains taking Gotham's twelve blocks.",
  "bmgNew.sample": "Crews from the sample cards the rulebook prints (sample values where it prints none).",
  "bmgNew.player": "Player {n}", "bmgNew.name": "Name", "bmgNew.namePh": "Player {n}", "bmgNew.crew": "Crew name",
  "bmgNew.crewPh": "Crew", "bmgNew.members": "Models (tick them; one is the Boss)", "bmgNew.boss": "Boss",
  "gcsgNew.villains": "Villains (2 to 4)", "gcsgNew.order": "Ticked in play order, clockwise from the first player.",
  "gcsgNew.seatN": "{n}.", "gcsgNew.settings": "Table settings",
  "gcsgNew.useSample": "The sample settings (to try the app)", "gcsgNew.useOwn": "Our own settings (dials, screens, board, dice)",
  "gcsgNew.sampleHelp": "Sample values, labelled as such on every screen: enter your game's own settings for a real game.",
  "gcsgNew.ownHelp": "Copy the values from your dials, screens and board once: this phone keeps them for the next table.",
  "gcsgNew.badJson": "The settings are not valid JSON.",
  "seat.player:a": "Player 1", "seat.player:b": "Player 2",
  "bmg.round": "Round {n} of 4", "bmg.over": "Game over",
  "bmg.phase.take_the_lead": "I. Take the Lead", "bmg.phase.raise_the_plan": "II. Raise the Plan",
  "bmg.phase.execute_the_plan": "III. Execute the Plan", "bmg.phase.recount": "IV. Recount", "bmg.phase.game_over": "Game over",
  "bmg.recount.1": "1. Traits used at the beginning of the Recount", "bmg.recount.2": "2. Discard Spent Resource cards",
  "bmg.recount.3": "3. Score the Objectives whose requirements are met", "bmg.recount.4": "4. Skill rolls for status effects",
  "bmg.recount.5": "5. Remove ★; KO models try to recover", "bmg.recount.6": "6. End of the game, or a new round",
  "bmg.initiative": "Initiative: {who}", "bmg.turnOf": "{who} activates", "bmg.activating": "{model} is activating",
  "bmg.actionsUsed": "used: {list}", "bmg.action.movement": "movement", "bmg.action.tactical": "tactical", "bmg.action.special": "special",
  "bmg.rolled": "rolled {n}", "bmg.passes": "{n} pass(es)", "bmg.vp": "{n} VP", "bmg.winners": "Winner: {who}",
  "bmg.yourMove": "Your move", "bmg.waiting": "Waiting for {who}.", "bmg.nothingNow": "Nothing for this phone now.",
  "bmg.leadFor": "Take the Lead: {who}'s die.", "bmg.leadOdds": "Chance to win the roll: {p}", "bmg.rollLead": "Roll the die",
  "bmg.realDie": "Real die:", "bmg.chooseInitiative": "{who} won the roll: who takes the Initiative?",
  "bmg.eventRoll": "{event}: the Initiative player rolls a die.", "bmg.roll": "Roll",
  "bmg.toPlan": "Place your Audacity markers", "bmg.chooseModel": "Choose the model to activate (⚑ Audacity):",
  "bmg.pass": "Pass ({n} left)", "bmg.move": "Move", "bmg.attack": "Attack…", "bmg.manipulate": "Manipulate",
  "bmg.endActivation": "End the activation", "bmg.recoveryRolls": "Recovery rolls…",
  "bmg.nextRecount": "Next Recount step", "bmg.nextRound": "Next round",
  "bmg.reminders": "Check at the table",
  "bmg.rem.plan_secret": "Place your Audacity markers on your own phone: the others do not see them.",
  "bmg.rem.heavy_rain": "{event}: ranged attacks roll fewer dice this round.",
  "bmg.rem.inspire": "{model} starts within {inches}\" of {boss}? Inspire: one extra Manipulate action.",
  "bmg.rem.stand_up": "{model} is knocked down: standing up costs movement.",
  "bmg.rem.recount_traits": "Traits used at the beginning of the Recount, alternating from the Initiative.",
  "bmg.rem.recount_objectives": "Score the Objectives reviewed at the end of the round whose requirements are met.",
  "bmg.rem.recount_status_rolls": "Skill rolls for status effects (e.g. Poison).",
  "bmg.markers": "Markers from an effect…", "bmg.addStun": "+1 ★", "bmg.addWound": "+1 ♦", "bmg.removeStun": "−1 ★", "bmg.removeWound": "−1 ♦",
  "bmg.stun": "Stun", "bmg.wound": "Wound", "bmg.effort": "Effort limit {limit} · largest Effort {max}",
  "bmg.ammo": "{weapon} {n}/{of}", "bmg.boss": "Boss", "bmg.ko": "KO", "bmg.casualty": "Casualty",
  "bmg.knockedDown": "Knocked down", "bmg.activated": "Activated ✓", "bmg.audacity": "Audacity ⚑",
  "bmg.planTitle": "Raise the Plan", "bmg.planSecret": "Secret: only this phone sees where your Audacity markers go, until each model activates.",
  "bmg.planPick": "Put {n} Audacity markers on different models", "bmg.planCount": "{n} of {of} chosen",
  "bmg.placeMarkers": "Place {n} markers", "bmg.planNoSeat": "Each player places their markers on their own phone.",
  "bmg.ownPlan": "{who}'s plan (secret)", "bmg.noMarkers": "No marker left hidden.", "bmg.notPlaced": "Not placed yet.",
  "bmg.revealed": "revealed", "bmg.othersPlan": "The other players",
  "bmg.planPlaced": "plan placed", "bmg.planning": "planning…", "bmg.revealedOn": "Revealed: {list}",
  "bmg.diceTitle": "Dice and odds", "bmg.noRoll": "No roll for this phone now.",
  "bmg.kind.ranged": "Ranged", "bmg.kind.melee": "Melee", "bmg.kind.skill": "Skill", "bmg.kind.recovery": "Recovery", "bmg.kind.lead": "Lead",
  "bmg.kind.die": "A die", "bmg.dieKind": "Roll", "bmg.die.d6": "D6", "bmg.die.d3": "D3", "bmg.die.randomize": "Pick at random",
  "bmg.dieAdd": "Modifier", "bmg.dieHalve": "Halve (rounded down)", "bmg.dieItems": "Among",
  "bmg.attacker": "Attacker: {model}", "bmg.weapon": "Weapon", "bmg.target": "Target", "bmg.model": "Model", "bmg.skill": "Skill",
  "bmg.cover": "Cover", "bmg.beyond": "Beyond range",
  "bmg.attackDice": "{n} attack dice{strength} against Defense {def}", "bmg.plusStrength": " + the Strength die",
  "bmg.atLeastOne": "At least one hit: {p}", "bmg.hits": "Hits", "bmg.critical": "Critical: {p} · expected hits {e}",
  "bmg.realDice": "Real dice instead…", "bmg.useDice": "Use these dice", "bmg.die": "Die",
  "bmg.attackDie": "Attack die", "bmg.strengthDie": "Strength die",
  "bmg.meleeDeclared": "{attacker} attacks {targets} in melee.", "bmg.defendEffort": "{model} defends: how much Effort (★)?",
  "bmg.attackEffort": "{model}'s Effort for the attack (★)?", "bmg.rollMelee": "Roll the melee (app dice)",
  "bmg.cancelMelee": "Cancel the attack", "bmg.declareMelee": "Declare the attack",
  "bmg.declareHelp": "Declared, the defender chooses their Effort on their phone, then the attacker; or strike at once with no Effort.",
  "bmg.fire": "Fire (app dice)", "bmg.strike": "Strike at once (app dice)",
  "bmg.skillDice": "{n} dice, keep two, against {target}", "bmg.skillDiceFew": "{n} dice against {target}", "bmg.passChance": "Success: {p}",
  "bmg.leadWin": "{who} wins the roll: {p}", "bmg.oddsLoading": "Odds…",
  "bmg.oddsNote": "Exact odds from the companion before the roll.", "bmg.result": "Last roll",
  "bmg.skill.movement": "Movement", "bmg.skill.attacks": "Attacks", "bmg.skill.strength": "Strength", "bmg.skill.defense": "Defense",
  "bmg.skill.special": "Special", "bmg.skill.willpower": "Willpower", "bmg.skill.endurance": "Endurance",
  "gcsg.turn": "Turn {n} · {who}", "gcsg.setupTitle": "Setup: starting Threats", "gcsg.over": "Game over",
  "gcsg.sample": "sample settings", "gcsg.steps": "The turn's steps",
  "gcsg.step.setup": "Setup: place the starting Threats", "gcsg.step.levels": "Advance levels", "gcsg.step.plot": "Play a Criminal Plot card",
  "gcsg.step.hire": "Recruit Henchmen", "gcsg.step.move": "Move your figures", "gcsg.step.over": "Game over", "gcsg.step.draw": "Draw a card",
  "gcsg.stepShort.levels": "Levels", "gcsg.stepShort.plot": "Plot", "gcsg.stepShort.hire": "Hire", "gcsg.stepShort.move": "Move",
  "gcsg.pending.place_threats.must": "{who} must place {n} Threats", "gcsg.pending.place_threats.may": "{who} may place {n} Threats",
  "gcsg.pending.remove_threats.must": "{who} must remove {n} Threats", "gcsg.pending.remove_threats.may": "{who} may remove up to {n} Threats",
  "gcsg.fightWaits": "A fight waits for its dice",
  "gcsg.playerLine": "level {level} · rules {blocks} · {hand} cards", "gcsg.villains": "The Villains and Batman",
  "gcsg.batman": "Batman: {block} · level {level}", "gcsg.nowhere": "not on the board", "gcsg.winners": "Winner: {who}",
  "gcsg.yourMove": "Your move", "gcsg.waiting": "Waiting for {who}.", "gcsg.nothingNow": "Nothing for this phone now.",
  "gcsg.placeThreats": "Place Threats", "gcsg.threats": "Threats", "gcsg.placed": "{n} of {of} placed", "gcsg.place": "Place them",
  "gcsg.removeThreats": "Remove up to {n} Threats", "gcsg.remove": "Remove", "gcsg.decline": "Decline",
  "gcsg.advanceLevel": "Advance to level {level} ({req})", "gcsg.ability": "Ability card", "gcsg.chooseAbility": "Take this Ability",
  "gcsg.req.money": "${n}", "gcsg.req.information": "{n} Information", "gcsg.req.blocks": "rule {n} blocks",
  "gcsg.req.henchmen": "{n} Henchmen", "gcsg.req.threats": "{n} Threats",
  "gcsg.playCard": "Play a Criminal Plot card", "gcsg.batSignal": "The card shows the Bat-Signal", "gcsg.orIncome": "or its income:",
  "gcsg.incomeBlock": "Income block", "gcsg.incomeKind": "Income", "gcsg.amount": "Amount", "gcsg.playIncome": "Play the card",
  "gcsg.batmanCard": "The Batman card's block", "gcsg.sendBatman": "Send Batman there",
  "gcsg.takeTwo": "Take two resources", "gcsg.takeThreats": "Threats among them ({n})", "gcsg.take": "Take them",
  "gcsg.carryOut": "Carry out the plot", "gcsg.gain": "Take from the Reserves", "gcsg.gainBtn": "Take",
  "gcsg.pay": "Discard to the Reserves", "gcsg.payBtn": "Discard", "gcsg.drawCard": "Draw a card",
  "gcsg.hire": "Recruit Henchmen", "gcsg.howMany": "How many", "gcsg.recruit": "Recruit {n}",
  "gcsg.moveFigures": "Move your figures", "gcsg.villainFigure": "Your Villain",
  "gcsg.figureStays": "stays ({where})", "gcsg.henchmenFrom": "Henchmen: from", "gcsg.from": "From", "gcsg.to": "To", "gcsg.henchmen": "Henchmen", "gcsg.move": "Move",
  "gcsg.noHenchmen": "No Henchmen to move.", "gcsg.toFight": "To the fight…",
  "gcsg.nextStep": "Next: {step}", "gcsg.endTurn": "End the turn (draw a card)",
  "gcsg.res.money": "Money", "gcsg.res.information": "Information", "gcsg.hideout": "Hideout",
  "gcsg.city": "The city", "gcsg.legend": "▲ Threats · ● Henchmen · ♜ figure · Batman · $/ℹ income",
  "gcsg.ruledBy": "Ruler: {who}", "gcsg.batmanHere": "Batman is here", "gcsg.tied": "Tie: no ruler", "gcsg.noRuler": "No ruler",
  "gcsg.threatsOf": "{n} Threats of {who}", "gcsg.henchmenOf": "{n} Henchmen of {who}", "gcsg.figureOf": "{who}'s figure",
  "gcsg.stashTitle": "My stash", "gcsg.noStash": "Only a Villain's phone shows its stash.",
  "gcsg.stashOf": "{who}'s stash", "gcsg.stashPrivate": "Behind your screen: only this phone receives it.",
  "gcsg.hand": "cards in hand", "gcsg.tokens": "Tokens: {money} · Information {information}",
  "gcsg.level": "Level {n}", "gcsg.nextNeeds": "Next level needs {req}",
  "gcsg.onMap": "Threats: {threats} on the map, {reserve} in reserve · Henchmen: {henchmen} on the map, {hideout} in the Hideout",
  "gcsg.abilities": "Abilities: {list}",
  "gcsg.fightTitle": "Fight", "gcsg.noFight": "No fight now.", "gcsg.fightAt": "{a} against {d} at {block}",
  "gcsg.modifier": "modifier {n}", "gcsg.winChance": "wins {p}%", "gcsg.oddsExact": "Exact: {list}",
  "gcsg.batEmblem": "The Bat Emblem face loses for the Villain.", "gcsg.enterDice": "The dice",
  "gcsg.batFace": "Bat Emblem", "gcsg.rollFight": "Resolve the fight", "gcsg.lastFight": "The fight's outcome",
});
Object.assign(fr, {
  "tab.round": "Round", "tab.plan": "Plan", "tab.city": "Ville", "tab.stash": "Réserve", "tab.fight": "Combat",
  "home.mode.bmg": "Jeu de figurines", "home.mode.gcsg": "Jeu de stratégie",
  "home.modeHelp.bmg": "Batman Miniature Game : deux joueurs, une bande chacun, quatre rounds.",
  "home.modeHelp.gcsg": "Gotham City Strategy Game : 2 à 4 vilains se disputent les douze blocs de Gotham.",
  "bmgNew.sample": "Bandes tirées des cartes d'exemple que le livre de règles imprime (valeurs d'exemple là où il n'en imprime pas).",
  "bmgNew.player": "Joueur {n}", "bmgNew.name": "Nom", "bmgNew.namePh": "Joueur {n}", "bmgNew.crew": "Nom de la bande",
  "bmgNew.crewPh": "Bande", "bmgNew.members": "Figurines (cochez-les ; l'une est le Boss)", "bmgNew.boss": "Boss",
  "gcsgNew.villains": "Vilains (2 à 4)", "gcsgNew.order": "Cochés dans l'ordre de jeu, en sens horaire depuis le premier joueur.",
  "gcsgNew.seatN": "{n}.", "gcsgNew.settings": "Réglages de la table",
  "gcsgNew.useSample": "Les réglages d'exemple (pour essayer l'application)", "gcsgNew.useOwn": "Nos propres réglages (cadrans, écrans, plateau, dés)",
  "gcsgNew.sampleHelp": "Valeurs d'exemple, signalées comme telles sur chaque écran : saisissez les réglages de votre boîte pour une vraie partie.",
  "gcsgNew.ownHelp": "Recopiez une fois les valeurs de vos cadrans, écrans et plateau : ce téléphone les garde pour la prochaine table.",
  "gcsgNew.badJson": "Les réglages ne sont pas du JSON valide.",
  "seat.player:a": "Joueur 1", "seat.player:b": "Joueur 2",
  "bmg.round": "Round {n} sur 4", "bmg.over": "Partie terminée",
  "bmg.phase.take_the_lead": "I. Prendre la main", "bmg.phase.raise_the_plan": "II. Établir le plan",
  "bmg.phase.execute_the_plan": "III. Exécuter le plan", "bmg.phase.recount": "IV. Décompte", "bmg.phase.game_over": "Partie terminée",
  "bmg.recount.1": "1. Traits utilisés au début du Décompte", "bmg.recount.2": "2. Défausser les cartes Ressource dépensées",
  "bmg.recount.3": "3. Marquer les Objectifs dont les conditions sont remplies", "bmg.recount.4": "4. Jets de compétence des effets d'état",
  "bmg.recount.5": "5. Retirer les ★ ; les figurines KO tentent de récupérer", "bmg.recount.6": "6. Fin de partie, ou nouveau round",
  "bmg.initiative": "Initiative : {who}", "bmg.turnOf": "{who} active", "bmg.activating": "{model} est activé",
  "bmg.actionsUsed": "fait : {list}", "bmg.action.movement": "mouvement", "bmg.action.tactical": "tactique", "bmg.action.special": "spéciale",
  "bmg.rolled": "a fait {n}", "bmg.passes": "{n} passe(s)", "bmg.vp": "{n} PV", "bmg.winners": "Vainqueur : {who}",
  "bmg.yourMove": "À vous", "bmg.waiting": "On attend {who}.", "bmg.nothingNow": "Rien pour ce téléphone pour l'instant.",
  "bmg.leadFor": "Prendre la main : le dé de {who}.", "bmg.leadOdds": "Chance de gagner le jet : {p}", "bmg.rollLead": "Lancer le dé",
  "bmg.realDie": "Vrai dé :", "bmg.chooseInitiative": "{who} a gagné le jet : qui prend l'Initiative ?",
  "bmg.eventRoll": "{event} : le joueur qui a l'Initiative lance un dé.", "bmg.roll": "Lancer",
  "bmg.toPlan": "Placer vos marqueurs d'Audace", "bmg.chooseModel": "Choisissez la figurine à activer (⚑ Audace) :",
  "bmg.pass": "Passer ({n} restant)", "bmg.move": "Se déplacer", "bmg.attack": "Attaquer…", "bmg.manipulate": "Manipuler",
  "bmg.endActivation": "Finir l'activation", "bmg.recoveryRolls": "Jets de récupération…",
  "bmg.nextRecount": "Étape suivante du Décompte", "bmg.nextRound": "Round suivant",
  "bmg.reminders": "À vérifier sur la table",
  "bmg.rem.plan_secret": "Placez vos marqueurs d'Audace sur votre propre téléphone : les autres ne les voient pas.",
  "bmg.rem.heavy_rain": "{event} : les attaques à distance lancent moins de dés ce round.",
  "bmg.rem.inspire": "{model} commence à {inches}\" ou moins de {boss} ? Inspirer : une action Manipuler en plus.",
  "bmg.rem.stand_up": "{model} est à terre : se relever coûte du mouvement.",
  "bmg.rem.recount_traits": "Traits utilisés au début du Décompte, en alternance depuis l'Initiative.",
  "bmg.rem.recount_objectives": "Marquez les Objectifs vérifiés en fin de round dont les conditions sont remplies.",
  "bmg.rem.recount_status_rolls": "Jets de compétence des effets d'état (p. ex. Poison).",
  "bmg.markers": "Marqueurs d'un effet…", "bmg.addStun": "+1 ★", "bmg.addWound": "+1 ♦", "bmg.removeStun": "−1 ★", "bmg.removeWound": "−1 ♦",
  "bmg.stun": "Étourdissement", "bmg.wound": "Blessure", "bmg.effort": "Limite d'Effort {limit} · Effort max {max}",
  "bmg.ammo": "{weapon} {n}/{of}", "bmg.boss": "Boss", "bmg.ko": "KO", "bmg.casualty": "Hors de combat",
  "bmg.knockedDown": "À terre", "bmg.activated": "Activé ✓", "bmg.audacity": "Audace ⚑",
  "bmg.planTitle": "Établir le plan", "bmg.planSecret": "Secret : seul ce téléphone voit où vont vos marqueurs d'Audace, jusqu'à l'activation de chaque figurine.",
  "bmg.planPick": "Mettez {n} marqueurs d'Audace sur des figurines différentes", "bmg.planCount": "{n} sur {of} choisis",
  "bmg.placeMarkers": "Placer {n} marqueurs", "bmg.planNoSeat": "Chaque joueur place ses marqueurs sur son propre téléphone.",
  "bmg.ownPlan": "Plan de {who} (secret)", "bmg.noMarkers": "Plus aucun marqueur caché.", "bmg.notPlaced": "Pas encore placé.",
  "bmg.revealed": "révélé", "bmg.othersPlan": "Les autres joueurs",
  "bmg.planPlaced": "plan placé", "bmg.planning": "en train de planifier…", "bmg.revealedOn": "Révélés : {list}",
  "bmg.diceTitle": "Dés et chances", "bmg.noRoll": "Aucun jet pour ce téléphone pour l'instant.",
  "bmg.kind.ranged": "Distance", "bmg.kind.melee": "Corps à corps", "bmg.kind.skill": "Compétence", "bmg.kind.recovery": "Récupération", "bmg.kind.lead": "Main",
  "bmg.kind.die": "Un dé", "bmg.dieKind": "Lancer", "bmg.die.d6": "D6", "bmg.die.d3": "D3", "bmg.die.randomize": "Tirage au sort",
  "bmg.dieAdd": "Modificateur", "bmg.dieHalve": "Diviser par deux (arrondi inférieur)", "bmg.dieItems": "Parmi",
  "bmg.attacker": "Attaquant : {model}", "bmg.weapon": "Arme", "bmg.target": "Cible", "bmg.model": "Figurine", "bmg.skill": "Compétence",
  "bmg.cover": "Couvert", "bmg.beyond": "Hors de portée",
  "bmg.attackDice": "{n} dés d'attaque{strength} contre Défense {def}", "bmg.plusStrength": " + le dé de Force",
  "bmg.atLeastOne": "Au moins une touche : {p}", "bmg.hits": "Touches", "bmg.critical": "Critique : {p} · touches attendues {e}",
  "bmg.realDice": "Avec de vrais dés…", "bmg.useDice": "Utiliser ces dés", "bmg.die": "Dé",
  "bmg.attackDie": "Dé d'attaque", "bmg.strengthDie": "Dé de Force",
  "bmg.meleeDeclared": "{attacker} attaque {targets} au corps à corps.", "bmg.defendEffort": "{model} se défend : combien d'Effort (★) ?",
  "bmg.attackEffort": "Effort de {model} pour l'attaque (★) ?", "bmg.rollMelee": "Lancer le corps à corps (dés de l'appli)",
  "bmg.cancelMelee": "Annuler l'attaque", "bmg.declareMelee": "Déclarer l'attaque",
  "bmg.declareHelp": "Une fois déclarée, le défenseur choisit son Effort sur son téléphone, puis l'attaquant ; ou frappez tout de suite sans Effort.",
  "bmg.fire": "Tirer (dés de l'appli)", "bmg.strike": "Frapper tout de suite (dés de l'appli)",
  "bmg.skillDice": "{n} dés, on garde deux, contre {target}", "bmg.skillDiceFew": "{n} dé(s) contre {target}", "bmg.passChance": "Réussite : {p}",
  "bmg.leadWin": "{who} gagne le jet : {p}", "bmg.oddsLoading": "Chances…",
  "bmg.oddsNote": "Chances exactes calculées par le compagnon avant le jet.", "bmg.result": "Dernier jet",
  "bmg.skill.movement": "Mouvement", "bmg.skill.attacks": "Attaques", "bmg.skill.strength": "Force", "bmg.skill.defense": "Défense",
  "bmg.skill.special": "Spécial", "bmg.skill.willpower": "Volonté", "bmg.skill.endurance": "Endurance",
  "gcsg.turn": "Tour {n} · {who}", "gcsg.setupTitle": "Mise en place : Menaces de départ", "gcsg.over": "Partie terminée",
  "gcsg.sample": "réglages d'exemple", "gcsg.steps": "Les étapes du tour",
  "gcsg.step.setup": "Mise en place : poser les Menaces de départ", "gcsg.step.levels": "Monter de niveau", "gcsg.step.plot": "Jouer une carte Complot criminel",
  "gcsg.step.hire": "Recruter des Hommes de main", "gcsg.step.move": "Déplacer vos figurines", "gcsg.step.over": "Partie terminée", "gcsg.step.draw": "Piocher une carte",
  "gcsg.stepShort.levels": "Niveaux", "gcsg.stepShort.plot": "Complot", "gcsg.stepShort.hire": "Recruter", "gcsg.stepShort.move": "Déplacer",
  "gcsg.pending.place_threats.must": "{who} doit poser {n} Menaces", "gcsg.pending.place_threats.may": "{who} peut poser {n} Menaces",
  "gcsg.pending.remove_threats.must": "{who} doit retirer {n} Menaces", "gcsg.pending.remove_threats.may": "{who} peut retirer jusqu'à {n} Menaces",
  "gcsg.fightWaits": "Un combat attend ses dés",
  "gcsg.playerLine": "niveau {level} · contrôle {blocks} · {hand} cartes", "gcsg.villains": "Les Vilains et Batman",
  "gcsg.batman": "Batman : {block} · niveau {level}", "gcsg.nowhere": "pas sur le plateau", "gcsg.winners": "Vainqueur : {who}",
  "gcsg.yourMove": "À vous", "gcsg.waiting": "On attend {who}.", "gcsg.nothingNow": "Rien pour ce téléphone pour l'instant.",
  "gcsg.placeThreats": "Poser des Menaces", "gcsg.threats": "Menaces", "gcsg.placed": "{n} sur {of} posées", "gcsg.place": "Les poser",
  "gcsg.removeThreats": "Retirer jusqu'à {n} Menaces", "gcsg.remove": "Retirer", "gcsg.decline": "Refuser",
  "gcsg.advanceLevel": "Passer au niveau {level} ({req})", "gcsg.ability": "Carte Capacité", "gcsg.chooseAbility": "Prendre cette Capacité",
  "gcsg.req.money": "{n} $", "gcsg.req.information": "{n} Information(s)", "gcsg.req.blocks": "contrôler {n} blocs",
  "gcsg.req.henchmen": "{n} Hommes de main", "gcsg.req.threats": "{n} Menaces",
  "gcsg.playCard": "Jouer une carte Complot criminel", "gcsg.batSignal": "La carte montre le Bat-Signal", "gcsg.orIncome": "ou son revenu :",
  "gcsg.incomeBlock": "Bloc du revenu", "gcsg.incomeKind": "Revenu", "gcsg.amount": "Montant", "gcsg.playIncome": "Jouer la carte",
  "gcsg.batmanCard": "Le bloc de la carte Batman", "gcsg.sendBatman": "Y envoyer Batman",
  "gcsg.takeTwo": "Prendre deux ressources", "gcsg.takeThreats": "Dont des Menaces ({n})", "gcsg.take": "Les prendre",
  "gcsg.carryOut": "Exécuter le complot", "gcsg.gain": "Prendre dans les Réserves", "gcsg.gainBtn": "Prendre",
  "gcsg.pay": "Défausser dans les Réserves", "gcsg.payBtn": "Défausser", "gcsg.drawCard": "Piocher une carte",
  "gcsg.hire": "Recruter des Hommes de main", "gcsg.howMany": "Combien", "gcsg.recruit": "En recruter {n}",
  "gcsg.moveFigures": "Déplacer vos figurines", "gcsg.villainFigure": "Votre Vilain",
  "gcsg.figureStays": "reste ({where})", "gcsg.henchmenFrom": "Depuis", "gcsg.from": "De", "gcsg.to": "Vers", "gcsg.henchmen": "Hommes de main", "gcsg.move": "Déplacer",
  "gcsg.noHenchmen": "Aucun Homme de main à déplacer.", "gcsg.toFight": "Vers le combat…",
  "gcsg.nextStep": "Suite : {step}", "gcsg.endTurn": "Finir le tour (piocher une carte)",
  "gcsg.res.money": "Argent", "gcsg.res.information": "Information", "gcsg.hideout": "Repaire",
  "gcsg.city": "La ville", "gcsg.legend": "▲ Menaces · ● Hommes de main · ♜ figurine · Batman · $/ℹ revenu",
  "gcsg.ruledBy": "Contrôle : {who}", "gcsg.batmanHere": "Batman est là", "gcsg.tied": "Égalité : personne", "gcsg.noRuler": "Personne",
  "gcsg.threatsOf": "{n} Menaces de {who}", "gcsg.henchmenOf": "{n} Hommes de main de {who}", "gcsg.figureOf": "Figurine de {who}",
  "gcsg.stashTitle": "Ma réserve", "gcsg.noStash": "Seul le téléphone d'un Vilain montre sa réserve.",
  "gcsg.stashOf": "Réserve de {who}", "gcsg.stashPrivate": "Derrière votre écran : seul ce téléphone la reçoit.",
  "gcsg.hand": "cartes en main", "gcsg.tokens": "Jetons : {money} · Information {information}",
  "gcsg.level": "Niveau {n}", "gcsg.nextNeeds": "Le niveau suivant demande {req}",
  "gcsg.onMap": "Menaces : {threats} sur le plateau, {reserve} en réserve · Hommes de main : {henchmen} sur le plateau, {hideout} au Repaire",
  "gcsg.abilities": "Capacités : {list}",
  "gcsg.fightTitle": "Combat", "gcsg.noFight": "Aucun combat pour l'instant.", "gcsg.fightAt": "{a} contre {d} à {block}",
  "gcsg.modifier": "modificateur {n}", "gcsg.winChance": "gagne {p} %", "gcsg.oddsExact": "Exact : {list}",
  "gcsg.batEmblem": "La face Bat-emblème perd pour le Vilain.", "gcsg.enterDice": "Les dés",
  "gcsg.batFace": "Bat-emblème", "gcsg.rollFight": "Résoudre le combat", "gcsg.lastFight": "Issue du combat",
});

// ---- gn-villain
Object.assign(en, {
  "unit.rp.one": "{n} reinforcement point", "unit.rp.other": "{n} reinforcement points",
  "unit.mini.one": "{n} miniature", "unit.mini.other": "{n} miniatures",
  "vl.hostActing": "Host's phone: acting for the villain",
  "vl.riverHelp": "Tap a tile to activate it; its cost now is in its corner.",
  "vl.justActivated": "Activated", "vl.picked": "to dredge ✓",
  "vl.activationNo": "Activation {n} of {limit} this turn",
  "vl.eventGives": "The event tile: the mission's event, and {points} to spend at once.",
  "vl.loseTitle": "Lose {points}?", "vl.loseBody": "Lost unless spent now: {points}.",
  "vl.loseGo": "Lose them", "vl.keepReinforcing": "Keep reinforcing",
  "unit.tile.one": "{n} tile", "unit.tile.other": "{n} tiles",
  "vl.dredgeHelp": "Tap a neutralized tile to pick it: each tile dredged costs 2 cubes, which leave the game.",
  "vl.dredgeBtn": "Dredge {tiles} ({cubes} leave the game)", "vl.dredgePick": "Dredge: pick the tiles first",
  "vl.dredgeQ": "Dredge {tiles}?", "vl.leaveGame": "{cubes} leave the game",
  "vl.dredgeBody": "2 cubes a tile, from fatigue first, then the spaces, then the reserve. A dredged tile's miniatures never come back.",
  "vl.demobilizeQ": "Demobilize {tile}?", "vl.demobilizeWhich": "Tile to demobilize",
  "vl.demobilizeBody": "Once per game: the tile is dredged as though neutralized (2 cubes leave the game) and its {minis} on the board are removed for good.",
  "vl.eventTitle": "Event tile", "vl.missionEvent": "Mission event", "vl.missionEvents": "Mission events (carry out one)",
  "vl.noEvents": "The mission's sheet names the event.",
  "vl.toSpend": "{points} to spend now", "vl.done": "Done reinforcing",
  "vl.inPool": "{n} in the pool",
  "vl.bringBack": "Bring back · {n} pts", "vl.costToReturn": "comes back for {n} pts", "vl.tooDear": "Needs {n} pts",
  "vl.nothingToBring": "Nothing in the character pool can come back.",
  "vl.characters": "Characters on the board", "vl.activeNow": "activated now",
  "vl.noneActivated": "Activate a tile: its characters act then.", "vl.waitsTile": "Acts when its tile is activated.",
  "vl.move": "Move", "vl.melee": "Melee attack", "vl.ranged": "Ranged attack", "vl.manipulation": "Manipulation", "vl.thought": "Thought",
  "vl.moved1": "1st move ✓", "vl.moved2": "2nd move ✓", "vl.uses": "{action} {n} of {max}", "vl.finished": "activation over",
  "vl.tokens": "Villain's tokens", "vl.placeToken": "Place a token", "vl.area": "Area (optional)", "vl.remove": "Remove",
  "vl.noTokens": "No villain token on the board.",
  "vl.tok.gas": "Gas", "vl.tok.flame": "Flame", "vl.tok.smoke": "Smoke", "vl.tok.frost": "Frost",
  "vl.tok.active": "active", "vl.tok.dissipating": "dissipating",
});
Object.assign(fr, {
  "unit.rp.one": "{n} point de renfort", "unit.rp.other": "{n} points de renfort",
  "unit.mini.one": "{n} figurine", "unit.mini.other": "{n} figurines",
  "vl.hostActing": "Téléphone de l'hôte : joue pour le vilain",
  "vl.riverHelp": "Touchez une tuile pour l'activer ; son coût actuel est dans son coin.",
  "vl.justActivated": "Activée", "vl.picked": "à dépolluer ✓",
  "vl.activationNo": "Activation {n} sur {limit} ce tour",
  "vl.eventGives": "La tuile événement : l'événement de la mission, et {points} à dépenser immédiatement.",
  "vl.loseTitle": "Perdre {points} ?", "vl.loseBody": "Perdus s'ils ne sont pas dépensés maintenant : {points}.",
  "vl.loseGo": "Les perdre", "vl.keepReinforcing": "Continuer les renforts",
  "unit.tile.one": "{n} tuile", "unit.tile.other": "{n} tuiles",
  "vl.dredgeHelp": "Touchez une tuile neutralisée pour la choisir : chaque tuile dépolluée coûte 2 cubes, qui sortent du jeu.",
  "vl.dredgeBtn": "Dépolluer {tiles} ({cubes} hors jeu)", "vl.dredgePick": "Dépolluer : choisissez d'abord les tuiles",
  "vl.dredgeQ": "Dépolluer {tiles} ?", "vl.leaveGame": "{cubes} hors jeu",
  "vl.dredgeBody": "2 cubes par tuile, pris d'abord en fatigue, puis sur les cases, puis dans la réserve. Les figurines d'une tuile dépolluée ne reviennent jamais.",
  "vl.demobilizeQ": "Démobiliser {tile} ?", "vl.demobilizeWhich": "Tuile à démobiliser",
  "vl.demobilizeBody": "Une fois par partie : la tuile est dépolluée comme si elle était neutralisée (2 cubes hors jeu) et ses {minis} sur le plateau en sont retirées pour de bon.",
  "vl.eventTitle": "Tuile événement", "vl.missionEvent": "Événement de la mission", "vl.missionEvents": "Événements de la mission (en réaliser un)",
  "vl.noEvents": "La fiche de la mission nomme l'événement.",
  "vl.toSpend": "{points} à dépenser maintenant", "vl.done": "Renforts terminés",
  "vl.inPool": "{n} en réserve",
  "vl.bringBack": "Faire revenir · {n} pts", "vl.costToReturn": "revient pour {n} pts", "vl.tooDear": "Il faut {n} pts",
  "vl.nothingToBring": "Rien dans la réserve de personnages ne peut revenir.",
  "vl.characters": "Personnages sur le plateau", "vl.activeNow": "activée",
  "vl.noneActivated": "Activez une tuile : ses personnages agissent alors.", "vl.waitsTile": "Agit quand sa tuile est activée.",
  "vl.move": "Déplacement", "vl.melee": "Attaque au corps à corps", "vl.ranged": "Attaque à distance", "vl.manipulation": "Manipulation", "vl.thought": "Réflexion",
  "vl.moved1": "1er déplacement ✓", "vl.moved2": "2e déplacement ✓", "vl.uses": "{action} : {n} sur {max}", "vl.finished": "activation terminée",
  "vl.tokens": "Pions du vilain", "vl.placeToken": "Placer un pion", "vl.area": "Zone (facultatif)", "vl.remove": "Retirer",
  "vl.noTokens": "Aucun pion du vilain sur le plateau.",
  "vl.tok.gas": "Gaz", "vl.tok.flame": "Flamme", "vl.tok.smoke": "Fumigène", "vl.tok.frost": "Givre",
  "vl.tok.active": "actif", "vl.tok.dissipating": "en dissipation",
});

// ---- gn-shell: the "now" strip, prompts, result cards, confirmations, host recovery, the QR code, undo
Object.assign(en, {
  "now.label": "Now", "now.turn": "Turn {turn} of {limit}", "now.go": "{of} go",
  "now.waiting": "Waiting: {list}", "now.yourGo": "Your go: {what}", "now.nothing": "Nobody is awaited.",
  "now.next": "Next: {step}", "now.advanceHelp": "Moves the turn on to the next step that asks something.",
  "now.open": "Open", "now.badge": "Your go",
  "await.declare_stance": "{hero}'s stance", "await.hero_actions": "their actions",
  "await.activate_tile.1": "activate the first tile", "await.activate_tile.2": "activate the second tile",
  "await.activations": "activate tiles", "await.roll": "{actor}: go on with the roll ({action})",
  "await.defend": "{defender} defends against {attacker}",
  "await.reinforce": "spend {points} reinforcement points",
  "await.resolve_power": "resolve {character}'s power",
  "await.resolve_mission_event": "resolve the mission event ({event})",
  "await.draft": "draft", "await.advance": "move on to {title}",
  "await.other": "{what}", "await.seat": "{seat}: {what}",
  "await.mine.hero_actions": "take your actions", "await.mine.activations": "activate your tiles",
  "result.title": "Roll result", "result.vs": "{a} vs {d} → {wounds}", "result.successes": "{n} successes",
  "result.difficulty": "{n} successes vs difficulty {d}: {outcome}", "result.success": "success", "result.failure": "failure",
  "result.neutralized": "{name} neutralized", "result.dismiss": "Got it",
  "unit.wound.one": "{n} wound", "unit.wound.other": "{n} wounds",
  "settings.title": "This phone", "settings.vibrate": "Vibrate when this phone is awaited",
  "forget.title": "Forget table {code}?",
  "forget.host": "This phone holds the host seat: without its recovery code, nobody can be host of this table again.",
  "forget.seat": "The {seat} seat's token is lost: the host must hand the seat over to get it back.",
  "forget.only": "The table disappears from this phone's list.",
  "forget.go": "Forget",
  "handover.title": "Hand over the {seat} seat?",
  "handover.body": "The phone now holding {seat} ({state}) is cut off at once: its token stops working and its live updates end before anything new of the seat reaches it. A one-time code for the new phone is made (a QR code and a link).",
  "seat.revoked": "This phone no longer holds the {seat} seat: another phone has it now. The table stays open here without it.",
  "handover.go": "Hand over",
  "endgame.body": "The game ends now for every phone; it can be undone from History.",
  "recovery.title": "Host recovery code",
  "recovery.help": "Keep this code away from this phone too (a note, a photo on another phone): on a new phone, Home › Reclaim the host seat gives the host seat back with it.",
  "recovery.copy": "Copy the code", "recovery.copied": "Code copied",
  "reclaim.title": "Reclaim the host seat", "reclaim.help": "Lost the host's phone? Enter the table's code and its host recovery code.",
  "reclaim.code": "Table code", "reclaim.recovery": "Recovery code", "reclaim.go": "Reclaim",
  "reclaim.done": "This phone now holds the host seat of table {code}; the old host phone is cut off.",
  "reclaim.bad": "That recovery code does not match table {code}.",
  "qr.title": "Join by QR code", "qr.alt": "QR code of the join link {link}",
  "seat.free": "free", "seat.taken": "taken", "table.seatsLive": "Seats",
  "history.undoWhat": "Undo: {what}", "history.redoWhat": "Redo: {what}", "history.nothingUndo": "Nothing to undo",
  "history.nothingRedo": "Nothing to redo",
  "wake.on": "The screen stays on while a table is open.",
});
Object.assign(fr, {
  "now.label": "Maintenant", "now.turn": "Tour {turn} sur {limit}", "now.go": "Au tour {of}",
  "now.waiting": "En attente : {list}", "now.yourGo": "À vous : {what}", "now.nothing": "Personne n'est attendu.",
  "now.next": "Ensuite : {step}", "now.advanceHelp": "Fait avancer le tour jusqu'à la prochaine étape qui demande quelque chose.",
  "now.open": "Ouvrir", "now.badge": "À vous",
  "await.declare_stance": "posture de {hero}", "await.hero_actions": "ses actions",
  "await.activate_tile.1": "activer la première tuile", "await.activate_tile.2": "activer la deuxième tuile",
  "await.activations": "activer des tuiles", "await.roll": "{actor} : poursuivre le lancer ({action})",
  "await.defend": "{defender} se défend contre {attacker}",
  "await.reinforce": "dépenser {points} points de renfort",
  "await.resolve_power": "résoudre le pouvoir de {character}",
  "await.resolve_mission_event": "résoudre l'événement de la mission ({event})",
  "await.draft": "choisir une tuile", "await.advance": "passer à « {title} »",
  "await.other": "{what}", "await.seat": "{seat} : {what}",
  "await.mine.hero_actions": "faites vos actions", "await.mine.activations": "activez vos tuiles",
  "result.title": "Résultat du lancer", "result.vs": "{a} contre {d} → {wounds}", "result.successes": "{n} succès",
  "result.difficulty": "{n} succès contre difficulté {d} : {outcome}", "result.success": "réussite", "result.failure": "échec",
  "result.neutralized": "{name} neutralisé", "result.dismiss": "Compris",
  "unit.wound.one": "{n} blessure", "unit.wound.other": "{n} blessures",
  "settings.title": "Ce téléphone", "settings.vibrate": "Vibrer quand ce téléphone est attendu",
  "forget.title": "Oublier la table {code} ?",
  "forget.host": "Ce téléphone est l'hôte : sans le code de récupération, personne ne pourra plus être l'hôte de cette table.",
  "forget.seat": "Le jeton de la place {seat} est perdu : l'hôte devra confier la place à nouveau pour la retrouver.",
  "forget.only": "La table disparaît de la liste de ce téléphone.",
  "forget.go": "Oublier",
  "handover.title": "Confier la place {seat} ?",
  "handover.body": "Le téléphone qui tient {seat} ({state}) est coupé tout de suite : son jeton ne marche plus et son direct s'arrête avant que rien de nouveau de la place ne lui parvienne. Un code à usage unique est créé pour le nouveau téléphone (un QR code et un lien).",
  "seat.revoked": "Ce téléphone ne tient plus la place {seat} : un autre téléphone l'a maintenant. La table reste ouverte ici, sans elle.",
  "handover.go": "Confier",
  "endgame.body": "La partie se termine pour tous les téléphones ; on peut l'annuler depuis l'historique.",
  "recovery.title": "Code de récupération de l'hôte",
  "recovery.help": "Gardez aussi ce code ailleurs que sur ce téléphone (une note, une photo sur un autre téléphone) : sur un nouveau téléphone, Accueil › Reprendre la place d'hôte rend la place d'hôte avec lui.",
  "recovery.copy": "Copier le code", "recovery.copied": "Code copié",
  "reclaim.title": "Reprendre la place d'hôte", "reclaim.help": "Téléphone de l'hôte perdu ? Saisissez le code de la table et son code de récupération.",
  "reclaim.code": "Code de la table", "reclaim.recovery": "Code de récupération", "reclaim.go": "Reprendre",
  "reclaim.done": "Ce téléphone est maintenant l'hôte de la table {code} ; l'ancien téléphone de l'hôte est coupé.",
  "reclaim.bad": "Ce code de récupération ne correspond pas à la table {code}.",
  "qr.title": "Rejoindre par QR code", "qr.alt": "QR code du lien pour rejoindre {link}",
  "seat.free": "libre", "seat.taken": "prise", "table.seatsLive": "Places",
  "history.undoWhat": "Annuler : {what}", "history.redoWhat": "Rétablir : {what}", "history.nothingUndo": "Rien à annuler",
  "history.nothingRedo": "Rien à rétablir",
  "wake.on": "L'écran reste allumé tant qu'une table est ouverte.",
});

// ---- gn-hero
Object.assign(en, {
  "gnh.do.melee": "Melee attack", "gnh.do.ranged": "Ranged attack", "gnh.do.manipulation": "Manipulation", "gnh.do.thought": "Thought",
  "gnh.rollInProgress": "{who}'s roll is in progress: finish it first.", "gnh.toDice": "Go to the dice",
  "gnh.unused": "{cubes} already on the space", "gnh.noUnused": "No cube on the space yet",
  "gnh.moreCubes": "More cubes", "gnh.line": "Characteristic line", "gnh.multiplier": "{line}: {n} action(s) per activation",
  "gnh.weapon": "Weapon", "gnh.elevation": "Elevation: the target is lower (+1 yellow)",
  "gnh.hindering": "Hindering", "gnh.hinderingHelp": "Tap the enemies and allies in the action's area, or give the index (IX·N).",
  "gnh.pickTarget": "Choose a target.", "gnh.roll": "Roll",
  "gnh.colour.white": "white", "gnh.colour.yellow": "yellow", "gnh.colour.orange": "orange", "gnh.colour.red": "red", "gnh.colour.black": "black",
  "gnh.oddsHit": "{p} at least 1 wound", "gnh.oddsWounds": "{n} wounds expected", "gnh.oddsNeutralize": "{p} neutralized",
  "gnh.oddsSuccess": "{p} reach {d}", "gnh.oddsMean": "{n} successes on average",
  "gnh.rerollAs": "Tap what the rerolled dice show:", "gnh.done": "Done: no reroll",
  "gnh.waitDefense": "Waiting for {who} to defend", "gnh.dismiss": "Dismiss", "gnh.resultComplex": "{s} successes for difficulty {d}",
  "gnh.attackHas": "The attack has {n} successes.", "gnh.noWound": "{p} no wound",
  "gnh.defendWith": "Defend with {cubes}", "gnh.defendNone": "No defense cube",
  "gnh.tapFaces": "Tap the face each die shows:", "gnh.dieN": "Die {n} ({colour})", "gnh.symbols": "{n} success symbol(s)",
  "gnh.enterFaces": "These are the faces",
  "gnh.free.fall": "Fall", "gnh.free.dangerous_terrain": "Dangerous terrain", "gnh.free.gas": "Gas",
  "gnh.cause": "Cause", "gnh.level": "Level", "gnh.freeHelp": "As many yellow dice as the level; each success is a wound.",
  "gnh.add": "Add", "gnh.levelN": "Level of #{n}", "gnh.remove": "Remove",
  "gnh.move": "Move", "gnh.areas": "Areas (simple moves)", "gnh.jumps": "Jumps", "gnh.climbs": "Climbs",
  "gnh.movePoints": "First-movement bonus now: {bonus} · movement space room: {room} · reserve: {reserve}",
  "gnh.moveChar": "The first-movement bonus and the movement space of the command post pay the moves.",
  "gnh.moveSummary": "{n} move(s) in one movement: the points left over are lost at its end.",
  "gnh.moveN": "Move ({n})", "gnh.moveOpen": "Move…",
  "gnh.attackWith": "Attack with {cubes}", "gnh.open.manipulation": "Manipulate", "gnh.open.thought": "Think",
  "gnh.attackOpen": "Melee attack…", "gnh.rangedOpen": "Ranged attack…",
  "gnh.pickUp": "Pick up {item}", "gnh.give": "Give {item} to {to}", "gnh.take": "Take {item} from {from}",
  "gnh.exchange": "Pick up, give, take",
  "gnh.tokens": "Tokens", "gnh.tokenKind": "Token", "gnh.tokenSide": "Placed by",
  "gnh.token.gas": "Gas", "gnh.token.flame": "Flame", "gnh.token.smoke": "Smoke", "gnh.token.frost": "Frost",
  "gnh.placedBy": "Placed by {side}", "gnh.area": "Area (optional)", "gnh.placeToken": "Place a {kind} token",
  "gnh.attacker": "Who acts", "gnh.attackSheet": "Open the action sheet", "gnh.facesTitle": "What the dice show",
  "gnh.attackTaps": "taps", "gnh.defendHere": "Enter the defense on this phone",
  "gnh.abandoned": "Roll abandoned", "gnh.neutralized": "{who} neutralized",
  "gnh.succeeded": "Success", "gnh.failed": "Failure", "gnh.freeReroll": "free reroll",
  "gnh.step.roll": "waiting for the dice", "gnh.step.rerolls": "rerolls", "gnh.step.defense": "waiting for the defense",
  "gnh.step.defense_roll": "waiting for the defense dice", "gnh.step.defense_rerolls": "defense rerolls", "gnh.step.done": "done",
  "gnh.step.abandoned": "abandoned",
  "gnh.moveCharPoints": "First-movement bonus: {bonus} · movement space room: {room} · villain's reserve: {reserve}",
  "gnh.hinderingMenace": "enemy menace {e} − ally menace {a}", "gnh.hinderingIndex": "{n}", "gnh.hinderingIndexLabel": "Hindering index",
  "gnh.enemiesHere": "Enemies in the area (menace)", "gnh.alliesHere": "Allies in the area (menace)",
});
Object.assign(fr, {
  "gnh.do.melee": "Attaque au corps à corps", "gnh.do.ranged": "Attaque à distance", "gnh.do.manipulation": "Manipulation", "gnh.do.thought": "Réflexion",
  "gnh.rollInProgress": "Le jet de {who} est en cours : terminez-le d'abord.", "gnh.toDice": "Aller aux dés",
  "gnh.unused": "{cubes} déjà sur la case", "gnh.noUnused": "Aucun cube sur la case pour l'instant",
  "gnh.moreCubes": "Cubes en plus", "gnh.line": "Ligne de caractéristique", "gnh.multiplier": "{line} : {n} action(s) par activation",
  "gnh.weapon": "Arme", "gnh.elevation": "Surplomb : la cible est plus bas (+1 jaune)",
  "gnh.hindering": "Gêne", "gnh.hinderingHelp": "Touchez les ennemis et alliés dans la zone de l'action, ou donnez l'indice (IX·N).",
  "gnh.pickTarget": "Choisissez une cible.", "gnh.roll": "Lancer",
  "gnh.colour.white": "blanc", "gnh.colour.yellow": "jaune", "gnh.colour.orange": "orange", "gnh.colour.red": "rouge", "gnh.colour.black": "noir",
  "gnh.oddsHit": "{p} au moins 1 blessure", "gnh.oddsWounds": "{n} blessures en moyenne", "gnh.oddsNeutralize": "{p} neutralisé",
  "gnh.oddsSuccess": "{p} d'atteindre {d}", "gnh.oddsMean": "{n} succès en moyenne",
  "gnh.rerollAs": "Touchez ce que montrent les dés relancés :", "gnh.done": "Terminé : pas de relance",
  "gnh.waitDefense": "En attente de la défense de {who}", "gnh.dismiss": "Fermer le résultat", "gnh.resultComplex": "{s} succès pour une difficulté de {d}",
  "gnh.attackHas": "L'attaque a {n} succès.", "gnh.noWound": "{p} sans blessure",
  "gnh.defendWith": "Défendre avec {cubes}", "gnh.defendNone": "Aucun cube de défense",
  "gnh.tapFaces": "Touchez la face que montre chaque dé :", "gnh.dieN": "Dé {n} ({colour})", "gnh.symbols": "{n} symbole(s) de succès",
  "gnh.enterFaces": "Ce sont les faces",
  "gnh.free.fall": "Chute", "gnh.free.dangerous_terrain": "Terrain dangereux", "gnh.free.gas": "Gaz",
  "gnh.cause": "Cause", "gnh.level": "Niveau", "gnh.freeHelp": "Autant de dés jaunes que le niveau ; chaque succès est une blessure.",
  "gnh.add": "Ajouter", "gnh.levelN": "Niveau du n°{n}", "gnh.remove": "Retirer",
  "gnh.move": "Déplacement", "gnh.areas": "Zones (mouvements simples)", "gnh.jumps": "Sauts", "gnh.climbs": "Escalades",
  "gnh.movePoints": "Bonus de premier mouvement : {bonus} · place sur la case mouvement : {room} · réserve : {reserve}",
  "gnh.moveChar": "Le bonus de premier mouvement et la case mouvement du poste de commandement paient les mouvements.",
  "gnh.moveSummary": "{n} mouvement(s) en un seul déplacement : les points restants sont perdus à la fin.",
  "gnh.moveN": "Se déplacer ({n})", "gnh.moveOpen": "Se déplacer…",
  "gnh.attackWith": "Attaquer avec {cubes}", "gnh.open.manipulation": "Manipuler", "gnh.open.thought": "Réfléchir",
  "gnh.attackOpen": "Corps à corps…", "gnh.rangedOpen": "Tir à distance…",
  "gnh.pickUp": "Ramasser {item}", "gnh.give": "Donner {item} à {to}", "gnh.take": "Prendre {item} à {from}",
  "gnh.exchange": "Ramasser, donner, prendre",
  "gnh.tokens": "Jetons", "gnh.tokenKind": "Jeton", "gnh.tokenSide": "Posé par",
  "gnh.token.gas": "Gaz", "gnh.token.flame": "Flamme", "gnh.token.smoke": "Fumée", "gnh.token.frost": "Givre",
  "gnh.placedBy": "Posé par {side}", "gnh.area": "Zone (facultatif)", "gnh.placeToken": "Poser un jeton {kind}",
  "gnh.attacker": "Qui agit", "gnh.attackSheet": "Ouvrir la fiche d'action", "gnh.facesTitle": "Ce que montrent les dés",
  "gnh.attackTaps": "touchers", "gnh.defendHere": "Saisir la défense sur ce téléphone",
  "gnh.abandoned": "Lancer abandonné", "gnh.neutralized": "{who} neutralisé",
  "gnh.succeeded": "Réussite", "gnh.failed": "Échec", "gnh.freeReroll": "relance gratuite",
  "gnh.step.roll": "en attente des dés", "gnh.step.rerolls": "relances", "gnh.step.defense": "en attente de la défense",
  "gnh.step.defense_roll": "en attente des dés de défense", "gnh.step.defense_rerolls": "relances de défense", "gnh.step.done": "terminé",
  "gnh.step.abandoned": "abandonné",
  "gnh.moveCharPoints": "Bonus de premier mouvement : {bonus} · place sur la case mouvement : {room} · réserve du vilain : {reserve}",
  "gnh.hinderingMenace": "menace ennemie {e} − menace alliée {a}", "gnh.hinderingIndex": "{n}", "gnh.hinderingIndexLabel": "Indice de gêne",
  "gnh.enemiesHere": "Ennemis dans la zone (menace)", "gnh.alliesHere": "Alliés dans la zone (menace)",
});

// ---- gn-round
Object.assign(en, {
  "gnr.noRollHere": "Nothing to roll from this phone now: the table offers it no roll.",
});
Object.assign(fr, {
  "gnr.noRollHere": "Rien à lancer depuis ce téléphone pour l'instant : la table ne lui propose aucun lancer.",
});

// ---- gn-offers
Object.assign(en, {
  "gno.activationsUsed": "{n} of {limit} tiles activated this turn: no more until the next villain turn",
  "gno.noWeapon": "No weapon",
  "gno.oddsHindering": "Hindering index: {n}",
  "gno.activatedOnce": "Tile activated once this turn",
  "gno.activatedTimes": "Tile activated {n} times this turn",
  "gno.movePrice": "This movement costs {cubes} · move points left: {points} (lost at its end)",
});
Object.assign(fr, {
  "gno.activationsUsed": "{n} tuiles sur {limit} activées ce tour : plus aucune avant le prochain tour du vilain",
  "gno.noWeapon": "Sans arme",
  "gno.oddsHindering": "Indice de gêne : {n}",
  "gno.activatedOnce": "Tuile activée une fois ce tour",
  "gno.activatedTimes": "Tuile activée {n} fois ce tour",
  "gno.movePrice": "Ce déplacement coûte {cubes} · points de mouvement restants : {points} (perdus à la fin)",
});

// ---- one command language (issue 29): prices said from the offers (games/registry.py)
Object.assign(en, {
  "price.and": " and ",
  "price.dredgeHelp": "Tap a neutralized tile to pick it: each tile dredged costs {cubes}, which leave the game.",
  "price.dredgeBody": "{cubes} a tile, from fatigue first, then the spaces, then the reserve. A dredged tile's miniatures never come back.",
  "price.demobilizeBody": "Once per game: the tile is dredged as though neutralized ({cubes} leave the game) and its {minis} on the board are removed for good.",
});
Object.assign(fr, {
  "price.and": " et ",
  "price.dredgeHelp": "Touchez une tuile neutralisée pour la choisir : chaque tuile dépolluée coûte {cubes}, qui sortent du jeu.",
  "price.dredgeBody": "{cubes} par tuile, pris d'abord en fatigue, puis sur les cases, puis dans la réserve. Les figurines d'une tuile dépolluée ne reviennent jamais.",
  "price.demobilizeBody": "Une fois par partie : la tuile est dépolluée comme si elle était neutralisée ({cubes} hors jeu) et ses {minis} sur le plateau en sont retirées pour de bon.",
});

const DICTS = { en, fr };
// gn-hero: a roll's step in the app's language (the dice view's step_text is the server's English).
export function rollStepText(view) {
  const key = `gnh.step.${view.roll.step}`;
  return key in DICTS[lang] ? t(key) : view.step_text;
}

let lang = "en";

export function setLang(value) {
  lang = DICTS[value] ? value : "en";
  document.documentElement.lang = lang;
  try { localStorage.setItem("gc.lang", lang); } catch { /* private mode */ }
}

export function getLang() { return lang; }

export function initLang() {
  let saved = null;
  try { saved = localStorage.getItem("gc.lang"); } catch { /* private mode */ }
  const guess = (navigator.language || "en").toLowerCase().startsWith("fr") ? "fr" : "en";
  setLang(saved || guess);
}

export function t(key, params = {}) {
  const text = DICTS[lang][key] ?? en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => (name in params ? paramWord(params[name]) : ""));
}

// A number in the app's language ("3,5" in French, "3.5" in English); anything else as it is.
export function num(n, options = {}) {
  return new Intl.NumberFormat(lang, { maximumFractionDigits: 2, ...options }).format(n);
}

// A param as words: numbers through Intl, and a decimal already written as a string ("3.5", from
// toFixed) too, so that no screen shows "3.5" in French.
function paramWord(value) {
  if (typeof value === "number" && Number.isFinite(value)) return num(value);
  if (typeof value === "string" && /^-?\d+\.\d+$/.test(value)) {
    const digits = value.split(".")[1].length;
    return num(Number(value), { minimumFractionDigits: digits, maximumFractionDigits: digits });
  }
  return String(value);
}

// Both catalogues, for the tests that compare them (tests/test_pwa_catalogue.py).
export function catalogues() { return { en, fr, steps: STEPS }; }

// Who the table waits for (contract C1: `turn.awaiting` entries {seat, code, params}), in words:
// "Gordon's stance", "Villain: Thug #1 defends against Batman". Params hold display names. With
// `withSeat` false (this phone's own prompt), the seat is left out: "Thug #1 defends against Batman".
export function awaitingText(entry, seatLabel, withSeat = true) {
  const p = entry.params || {};
  const seat = seatLabel(entry.seat);
  const params = { ...p, seat };
  let what;
  let named = false;   // the sentence names who already
  switch (entry.code) {
    case "declare_stance": what = t("await.declare_stance", params); named = true; break;
    case "activate_tile": what = t(`await.activate_tile.${p.ordinal === 2 ? 2 : 1}`, params); break;
    case "roll": {
      const action = DICTS[lang][`space.${p.action}`] || p.action || "";
      what = t("await.roll", { ...params, actor: p.actor || seat, action: String(action).toLowerCase() });
      named = true;
      break;
    }
    case "advance": what = t("await.advance", { ...params, title: p.to ? stepTitle(p.to) : (p.title || "") }); break;
    default: {
      const mine = `await.mine.${entry.code}`;
      const key = !withSeat && DICTS[lang][mine] ? mine : `await.${entry.code}`;
      what = DICTS[lang][key] ? t(key, params) : String(entry.code || "").replace(/_/g, " ");
    }
  }
  return withSeat && !named ? t("await.seat", { seat, what }) : what;
}

// "3 discs" / "3 disques": French uses the singular for 0 and 1.
// "Label: value" with each language's punctuation (French puts a space before the colon).
export function labelled(label, value) {
  return lang === "fr" ? `${label} : ${value}` : `${label}: ${value}`;
}

export function plural(n, unit) {
  const one = lang === "fr" ? n <= 1 : n === 1;
  return t(`unit.${unit}.${one ? "one" : "other"}`, { n });
}

// A sentence about a side: {side} "Heroes", {the} "the heroes", {of} "the heroes'" / "des héros";
// the sentence starts with a capital.
export function tSide(key, side, params = {}) {
  const text = t(key, { ...params, side: t(`side.${side}`), the: t(`side.the.${side}`), of: t(`side.of.${side}`) });
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// A step's title: the turn view's ({step, title}) or a step id's ("heroes.actions").
export function stepTitle(turn) {
  if (typeof turn === "string") return STEPS[lang][turn] || STEPS.en[turn] || turn;
  if (lang === "fr" && STEPS_FR[turn.step]) return STEPS_FR[turn.step];
  return turn.title || STEPS.en[turn.step] || turn.step;
}

// The Strategy Game's turn strip: the turn's steps as the view lists them, each with its short
// title and whether it is the step now; and the title of where the turn stands.
export function turnSteps(turn) {
  return (turn.steps || []).map((s) => ({ id: s.id, title: t(`gcsg.stepShort.${s.id}`), now: s.id === turn.step }));
}

export function gcsgStepTitle(turn, to = null) {
  return t(`gcsg.step.${to || turn.step}`);
}

// Refusals (contract C1): the server answers a stable code (`reason`) and its `params` beside the
// English `message`. In French the sentence is built from FR[reason] (pwa/js/refusals.js) with the
// params filled in; in English, or for a code FR lacks, the server's message is shown.
export function refusalText(data, table = null) {
  if (!data) return "";
  const template = !data.reason ? null : lang === "fr" ? FR[data.reason] : data.message ? null : REFUSALS_EN[data.reason];
  if (!template) return data.message || "";
  const params = data.params || {};
  const text = template.replace(/\{(\w+)\}/g, (_, name) => (name in params ? paramText(name, params[name], table) : `{${name}}`));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// One refusal param as words. Ids are translated through this catalogue: a step ("heroes.actions")
// is its title, a space ("melee") its name in lower case, a side ("villain") "vilain", a seat
// its name, a tile kind or level its word; ids of the table's heroes, tiles and characters their
// names; numbers and proper names as they are; a list, each item so, joined with commas.
export function paramText(name, value, table = null) {
  if (Array.isArray(value)) return value.map((v) => paramText(name, v, table)).join(", ");
  if (typeof value !== "string") return String(value);
  const dict = DICTS[lang];
  if (STEPS[lang][value]) return STEPS[lang][value];
  if (dict[`space.${value}`]) return dict[`space.${value}`].toLowerCase();
  if (dict[`side.the.${value}`]) return dict[`side.${value}`].toLowerCase();
  if (dict[`seat.${value}`]) return dict[`seat.${value}`];
  if (dict[`vs.kind.${value}`]) return dict[`vs.kind.${value}`];
  if (dict[`level.${value}`]) return dict[`level.${value}`].toLowerCase();
  if (dict[`hero.${value}`] && ["active", "resting"].includes(value)) return dict[`hero.${value}`].toLowerCase();
  const seatHero = /^hero:(.+)$/.exec(value)?.[1];
  if (table) {
    const hero = table.heroes?.find((x) => x.id === (seatHero || value));
    if (hero) return hero.name;
    for (const post of Object.values(table.command_posts || {})) {
      const tile = post.river?.find((x) => x.id === value);
      if (tile) return tile.name;
      const mini = post.miniatures?.find((x) => x.id === value);
      if (mini) return mini.label;
    }
  }
  return value;
}

// History lines: rebuilt in French from the event's kind and data when we can.
export function eventText(event, names) {
  if (lang !== "fr") return event.text;
  // the Miniature Game's and the Strategy Game's events share kinds with the board game's ("step",
  // "phase") but not their data: their lines stay the server's words
  if (names?.game === "bmg" || names?.game === "gcsg") return event.text;
  const d = event.data || {};
  const who = (id) => names.heroes[id] || id;
  switch (event.kind) {
    case "spend":
      if (d.hero) return `${who(d.hero)} dépense ${cubesFr(d.cubes)} en ${spaceLabel(d.space)}`;
      if (d.side) return `${sideFr(d.side)} dépense ${cubesFr(d.cubes)} en ${spaceLabel(d.space)}`;
      break;
    case "stance":
      return `${who(d.hero)} : posture ${d.stance === "active" ? "active" : "repos"}, ${cubesFr(d.to_reserve)} fatigue → réserve`
        + (d.from_wound ? `, ${woundsFr(d.from_wound)} → fatigue` : "");
    case "step":
      return `Tour ${d.turn} : ${STEPS_FR[d.step] || d.step}`;
    case "turn_marker":
      return `Le marqueur de tour avance à ${d.turn}`;
    case "activation":
      return `${names.tiles[d.tile] || d.tile} activée depuis la position ${d.position} : `
        + (d.discs !== undefined ? `${d.discs} DPA disponible(s) → dépense, ` : "")
        + `${cubesFr(d.cost)} réserve → fatigue ; la tuile passe en fin de rivière`;
    case "undo": return `Annulé : changement ${d.change}`;
    case "redo": return `Rétabli : changement ${d.change}`;
    case "jump": return `Retour à la table après le changement ${d.restored}`;
    case "defense":
      return `${successesFr(d.attack)} contre ${n(d.defense)} en défense : ${woundsFr(d.wounds)}`;
    case "hero_wounded": return `${who(d.hero)} subit ${woundsFr(d.wounds)}`;
    case "character_wounded": return `${names.minis[d.miniature] || d.miniature} subit ${woundsFr(d.wounds)} : ${n(d.life_points)} point${d.life_points > 1 ? "s" : ""} de vie`;
    case "character_neutralized": return `${names.minis[d.miniature] || d.miniature} est neutralisé et va dans la réserve de personnages`;
    case "tile_neutralized": return `${names.tiles[d.tile] || d.tile} est neutralisée : retournée et placée en fin de rivière`;
    default: return moreEventText(event, d, names, who) ?? event.text;
  }
  return event.text;
}

// ---- gn-shell: the other events of the board game in French, from their kind and data; a line
// whose data says too little (a Versus power's own text, a mission's reminder) stays the server's.
const COLOURS_FR = { yellow: "jaune", orange: "orange", red: "rouge", black: "noir", white: "blanc", blue: "bleu", green: "vert" };
const n = (x) => num(Number(x) || 0);
const cubesFr = (x) => `${n(x)} cube${Number(x) > 1 ? "s" : ""}`;
const woundsFr = (x) => `${n(x)} blessure${Number(x) > 1 ? "s" : ""}`;
const successesFr = (x) => `${n(x)} succès`;
const sideFr = (side) => (side === "heroes" ? "Les héros" : side === "villain" ? "Le vilain" : side || "");
const poolFr = (pool) => (Array.isArray(pool) ? pool.map((c) => COLOURS_FR[c] || c).join(", ") : "");

function moreEventText(event, d, names, who) {
  const mini = (id) => names.minis[id] || id;
  const tile = (id) => names.tiles[id] || id;
  const actor = d.hero ? who(d.hero) : d.miniature ? mini(d.miniature) : "";
  switch (event.kind) {
    case "setup": return names.mission ? `Table mise en place pour ${names.mission}` : "Table mise en place";
    case "step_passed": return `Étape passée : ${STEPS_FR[d.step] || d.title || d.step}`;
    case "upkeep":
      if (d.hero) return `${who(d.hero)} : ${cubesFr(d.cubes)} dépensé(s) → fatigue`;
      if (d.side && d.discs !== undefined) return `${sideFr(d.side)} : ${cubesFr(d.moved)} → fatigue, ${cubesFr(d.recovered)} récupéré(s), ${n(d.discs)} DPA indisponible(s) → disponible(s)`;
      if (d.side) return `${sideFr(d.side)} : ${cubesFr(d.moved)} des cases → fatigue, ${cubesFr(d.recovered)} récupéré(s) en réserve`;
      break;
    case "reinforcement_lost": return `Renforts terminés : ${n(d.lost ?? 0)} point(s) de renfort non dépensé(s) perdu(s)`;
    case "game_over": return d.winner ? `Fin de partie : vainqueur ${d.winner === "heroes" ? "les héros" : d.winner === "villain" ? "le vilain" : "aucun"}` : "Fin de partie";
    case "action": return `${mini(d.miniature)} : action ${n(d.uses)} sur ${n(d.multiplier)}`;
    case "complex_action": return `Action complexe : ${successesFr(d.successes)} contre difficulté ${n(d.difficulty)} : ${d.success ? "réussite" : "échec"}`;
    case "automatic_action":
      if (d.hero) return `${who(d.hero)} : ${spaceLabel(d.space)} automatique, 1 cube`;
      return `${mini(d.miniature)} : action automatique, ni dé ni cube`;
    case "item":
      if (d.from && d.to) return `${who(d.from)} → ${who(d.to)} : ${d.item}`;
      if (d.encumbrance !== undefined) return `${who(d.hero)} porte ${d.item} : encombrement ${n(d.encumbrance)}`;
      return `${who(d.hero)} : ${d.item} n'est plus porté`;
    case "movement":
      return `${actor} se déplace` + (d.cubes ? ` : ${cubesFr(d.cubes)} en mouvement` : "") + (d.lost ? `, ${n(d.lost)} point(s) de déplacement perdu(s)` : "");
    case "throw":
      return `${who(d.hero)} lance ${d.item} : ${successesFr(d.successes)} contre difficulté ${n(d.difficulty)}`
        + (d.reached === undefined ? "" : d.reached ? " : atteint" : " : n'atteint pas la cible");
    case "event_tile": return `Tuile événement : un événement de la mission, et ${n(d.reinforcement_points)} point(s) de renfort à dépenser tout de suite`;
    case "dredge": return `Rivière dépolluée de ${(d.tiles || []).map(tile).join(", ")} : ${cubesFr(d.cubes)} hors jeu`;
    case "demobilize": return `${tile(d.tile)} démobilisée : dépolluée pour 2 cubes, ${n(d.removed ?? 0)} figurine(s) retirée(s) du plateau`;
    case "reinforce": return `${mini(d.miniature)} revient (${n(d.cost)} pts) : il reste ${n(d.remaining)} point(s) de renfort`;
    case "discs":
      if (d.discs !== undefined && d.side) return `${sideFr(d.side)} : ${n(d.discs)} DPA de la zone de dépense → indisponibles`;
      break;
    case "draft":
      if (d.tile) return `${sideFr(d.side)} : ${tile(d.tile)} choisie`;
      return "Les deux équipes sont complètes : les rivières sont en place";
    case "roll_started": return `${actor ? `${actor} : ` : ""}lancer (${spaceLabel(d.action) || d.action}), dés ${poolFr(d.pool)}`;
    case "dice_rolled": return `Dés ${d.pool === "defense" ? "de défense " : ""}lancés` + (d.successes !== undefined ? ` : ${successesFr(d.successes)}` : "");
    case "dice_rerolled": return `Relance : ${successesFr(d.successes)}`;
    case "successes": return d.wounds !== undefined && d.shown === undefined ? `${successesFr(d.successes)} : ${woundsFr(d.wounds)}` : `Total : ${successesFr(d.successes)}`;
    case "defense_declared": return `Défense : ${cubesFr(d.cubes)}, dés ${poolFr(d.pool)}, ${n(d.automatic)} automatique(s)`;
    case "roll_abandoned": return "Lancer abandonné";
    case "hero_neutralized": return `${who(d.hero)} est neutralisé`;
    case "follow_up_offered": return `${t(`skill.${d.skill}`)} : action gratuite possible (${successesFr(d.successes ?? 0)})`;
    case "dice_mode": return d.mode === "physical" ? "Dés : vrais dés à la table" : "Dés : l'application lance";
    case "dice_calibrated": return `Dé ${COLOURS_FR[d.colour] || d.colour} calibré`;
    case "pushing_limits": return `${who(d.hero)} repousse ses limites : ${woundsFr(d.wounds)} (${spaceLabel(d.space)})`;
    case "shackle": return `Entrave : blessures ignorées ; ${n(d.tokens)} pion(s) entrave sur ${d.defender}`;
    case "sacrifice": return `Sacrifice : ${successesFr(d.taken)} pris sur l'attaque, reste ${n(d.successes)}`;
    case "imaginary_friend": return "L'ami imaginaire est neutralisé : son possesseur perd son dé jaune";
    default: break;
  }
  return null;
}

function spaceLabel(space) {
  if (!space) return "";
  if (space === "fatigue") return "fatigue";
  return t(`space.${space}`).toLowerCase();
}
