"""Batman Miniature Game (Knight Models): the companion's bookkeeping, as a pure rules package.

No Flask, Redis, clock, global randomness or caches: every die is a value passed in a command,
or drawn from an `rng` handed to `engine.apply`. One module per concept, named from the rulebook
(`../shared/rules/batman-miniature-game-en.md`; what to track: `DIGEST-bmg.md`):

* `cards`       CHARACTER CARDS: characteristics, weapons, traits as named reminders
* `crew`        FORMING THE CREW: Reputation limit, Boss and Affiliation, Rank, Funding, Objective decks
* `library`     the sample cards the rulebook prints (games/bmg/data/*.json), labelled sample values
* `dice`        THE FIRST STEPS › Dice, skill rolls, rule of 1 and 6, disputes
* `odds`        exact odds (enumeration of multisets and convolution, never sampling)
* `previews`    the odds of a command's roll before it is rolled
* `models`      a model in play: Stun ★ / Injury ♦ caps, KO, Casualty, Knocked Down, Effort, Ammo, Recovery
* `attacks`     TACTICAL ACTIONS: melee, Defense roll, ranged removals, Strength die, criticals, damage
* `movement`    MOVEMENT ACTION arithmetic: Impaired Movement, Falling
* `objectives`  THE ROAD TO VICTORY: Objective hand and piles, Resources, VP; Events and Encounters
* `table`       the aggregate a game is: players, models, the round
* `rounds`      SEQUENCE OF PLAY: Take the Lead, Raise the Plan, Execute the Plan, Recount, end
* `commands`    what a player does at the table (frozen dataclasses)
* `engine`      apply a command: Outcome(table, events) or RuleRefused
* `registry`    one declaration per command: name, handler, when open, who may send it, targets now
* `view`        what one seat sees (a player's unrevealed Audacity markers only on their own seat)
* `melee_flow`  a melee attack in steps, each from the seat that decides it (defender's Effort first)
* (the table as plain data and back: `games.serial`, shared by every game)
* `game`        the `Game` adapter of the game seam (contract C4), name "bmg"
"""
