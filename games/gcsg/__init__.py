"""Batman: Gotham City Strategy Game (WizKids 2013): pure rules, one module per concept.

settings (table settings: dials, screens, board, dice; a labelled SAMPLE) · counters (state and
invariants) · ruling (who rules a block) · stash (private stashes) · placement (Threats, Henchmen)
· levels (ADV) · plot (card, income, resources, plot effects) · batman (Bat-Signal) · fights
(FVV, FVB, odds) · moves (MOVE) · hire (HIRE) · turn (setup, steps, draw) · endgame (END) ·
commands · registry (what may be sent now) · apply (a command, on a copy) · view (per seat) · game (the state as data: games.serial)
(the seam adapter)."""
