// The contract between Python and the browser, the front end's half: the synced dicts the views read, as JSDoc
// typedefs that TypeScript's checkJs holds every read to (npm run typecheck; tsconfig.json). The Python half is
// src/mus_widget/table/contract.py, a TypedDict for each typedef of the first two parts here, with the same keys:
// tests/test_contract.py checks that the two declare the same keys (a key optional here, `[key]`, is NotRequired
// there or missing from some shapes of a union), that Python sends exactly those keys, and that tsc finds nothing.
// Types only: nothing here runs, and nothing of it reaches the bundle.
//
// A union of Python (Turn, Setup) is one typedef here: the keys not in every shape are optional.

// ---------------------------------------------------------------------------------------------- the table's state

/**
 * An action as the buttons read it (Action.to_dict): its kind's word, its canonical text (what a button sends
 * back), an envido's amount, a discard's cards.
 * @typedef {object} ActionView
 * @property {string} kind
 * @property {string} text
 * @property {number} [amount]
 * @property {string[]} [cards]
 */

/**
 * A seat's speech bubble: its last word in the round, its place in the log, whether it asks the partner.
 * @typedef {object} Bubble
 * @property {string} text
 * @property {number} at
 * @property {boolean} ask
 */

/**
 * One seat as the student's view shows it.
 * @typedef {object} PlayerView
 * @property {string} name
 * @property {string | null} level the bot's level; null for a person
 * @property {number[]} record games finished at this table, and of those won by this player's team
 * @property {"here" | "gone" | "away" | "open" | null} presence a person's at a served table; else null
 * @property {string[] | null} cards null where the student may not see them
 * @property {Bubble | null} bubble
 * @property {string | null} sena
 * @property {boolean | null} pares
 * @property {boolean | null} juego
 * @property {string[]} why
 */

/**
 * The student's turn (Python: MusTurn | DiscardTurn | BetTurn, by `kind`).
 * @typedef {object} Turn
 * @property {"mus" | "discard" | "bet"} kind
 * @property {string[]} actions
 * @property {number} [round] mus
 * @property {ActionView[]} [choices] mus, bet
 * @property {string} [lance] bet, and below
 * @property {number} [stake]
 * @property {boolean} [ordago_on]
 * @property {number | null} [confirm]
 * @property {[number, number] | null} [raise]
 * @property {boolean} [ordago]
 * @property {string | null} [proposal]
 * @property {number | null} [proposer]
 * @property {ActionView | null} [proposed]
 */

/**
 * The lance being bet.
 * @typedef {object} BetView
 * @property {string} lance
 * @property {number} stake
 * @property {boolean} ordago
 * @property {number | null} bettor_team
 * @property {number[]} eligible
 */

/**
 * One lance of the count.
 * @typedef {object} CountRow
 * @property {string | null} explain
 * @property {string} lance
 * @property {string} outcome
 * @property {number} stake
 * @property {number} bonus
 * @property {number | null} team
 * @property {string | null} winner
 * @property {number} points
 * @property {boolean} counted
 * @property {string} why
 * @property {string[][]} marks per seat, the cards that decide the row
 */

/**
 * The last hand's count.
 * @typedef {object} Count
 * @property {CountRow[]} rows
 * @property {string[]} notes
 * @property {number[]} scores
 * @property {boolean} shown
 * @property {string | null} over
 * @property {HistoryLine[]} lines the count's lines for the log, after the hand's events
 */

/**
 * @typedef {object} Winner
 * @property {number} team
 * @property {string} text
 */

/**
 * The coach's box.
 * @typedef {object} Coach
 * @property {string} action
 * @property {string} said
 * @property {string} why
 * @property {string | null} chance
 */

/**
 * Stepping through a scenario.
 * @typedef {object} Steps
 * @property {number} index
 * @property {number} count
 * @property {string} title
 * @property {string} note the step's own note ("" for none)
 * @property {boolean} face_up
 * @property {boolean} toggle
 * @property {boolean} over
 * @property {StepHand[]} hands the hands to jump to
 * @property {StepBranch[]} branches the branches that answer the step shown (on the main line)
 * @property {StepBranch | null} branch the branch shown, null on the main line
 */

/**
 * A branch of a scenario: its place among the scenario's branches and its name.
 * @typedef {object} StepBranch
 * @property {number} number
 * @property {string} text
 */

/**
 * A hand of a scenario to jump to: its first step and its name.
 * @typedef {object} StepHand
 * @property {number} step
 * @property {string} text
 */

/**
 * A line of the game's earlier hands.
 * @typedef {object} HistoryLine
 * @property {"hand" | "event" | "count"} kind
 * @property {string} text
 * @property {number} hand the hand the line belongs to
 */

/**
 * A decision of the student's, graded by the expert from what the student could see then.
 * @typedef {object} ReviewRowView
 * @property {number} row
 * @property {number} at the actions of the record before it
 * @property {number} game
 * @property {number} hand
 * @property {string} moment
 * @property {string} action
 * @property {string} best
 * @property {number} cost the chance of the game it cost, in percentage points
 * @property {"good" | "inaccuracy" | "mistake" | "blunder"} grade
 * @property {string} grade_text
 * @property {string} why
 * @property {string | null} hindsight
 */

/**
 * The `review` trait: the decisions graded so far and the chart (SVG drawn in Python).
 * @typedef {object} ReviewView
 * @property {number} done
 * @property {number} total
 * @property {boolean} complete
 * @property {ReviewRowView[]} rows
 * @property {string} chart
 */

/**
 * A finished hand reopened face up while the live game waits.
 * @typedef {object} Replay
 * @property {number} hand
 * @property {number} index the step shown (0 is its deal)
 * @property {number} count its steps (the last shows its count)
 * @property {ReviewRowView | null} decision the student's decision graded at the step shown
 */

/**
 * The `state` trait of a table: the student seat's view.
 * @typedef {object} TableState
 * @property {number} v
 * @property {number} seat
 * @property {number} partner
 * @property {boolean} watch
 * @property {"play" | "count" | "over"} stage
 * @property {string} phase
 * @property {number} game
 * @property {number} hand
 * @property {number} games
 * @property {number[]} games_won
 * @property {number} target
 * @property {number[]} scores
 * @property {number} mano
 * @property {number | null} to_move
 * @property {string[]} teams
 * @property {PlayerView[]} players
 * @property {BetView | null} bet
 * @property {string | null} last
 * @property {Turn | null} turn
 * @property {string[]} true_senas
 * @property {string[]} log
 * @property {Count | null} count
 * @property {Winner | null} winner
 * @property {string} moment
 * @property {string[]} tips
 * @property {Coach | null} coach
 * @property {Steps | null} steps
 * @property {Replay | null} replay
 */

// ---------------------------------------------------------------------------------------------- the other traits

/**
 * @typedef {object} RulesView
 * @property {number} target
 * @property {number} kings
 * @property {boolean} real_31
 * @property {boolean} team_consent
 * @property {boolean} negadas_at_count
 * @property {boolean} mus_corrido_first_hand
 * @property {number} games
 */

/**
 * The `setup` trait (Python: TableSetup at a table of bots | ServedSetup at a relayed table).
 * @typedef {object} Setup
 * @property {number} seat
 * @property {string[]} [names] a table of bots, and below
 * @property {(string | null)[]} [bots]
 * @property {RulesView} [rules]
 * @property {string[]} [levels]
 * @property {[string, string][]} [languages] code and name
 * @property {[string, number][]} [paces] name and seconds
 * @property {number[]} [targets]
 * @property {boolean} [coach]
 * @property {boolean} [lesson] a lesson's stepping table: no New game, Review or tips button
 * @property {boolean} [served] a relayed table, and below
 * @property {boolean} [watching]
 * @property {string} [table]
 * @property {number} [here_every] seconds between a view's signs of life to the kernel (0: none)
 */

/**
 * @typedef {object} ChatLine
 * @property {"chat" | "event" | "teacher"} kind
 * @property {number | null} seat
 * @property {string} name
 * @property {string} text
 * @property {boolean} mine
 */

/**
 * The `room` trait of a served table (empty at a table of bots).
 * @typedef {object} Room
 * @property {string} table
 * @property {ChatLine[]} chat
 * @property {number} max_chat
 * @property {number} heard
 * @property {"open" | "lost" | "freed"} link "freed": the teacher freed the seat (no reconnecting)
 */

/**
 * The `error` trait: the last refusal (empty once an intent is taken).
 * @typedef {object} ErrorView
 * @property {number} seq
 * @property {string} id
 * @property {string} text
 */

/**
 * A step of a line of the scenario editor (0 is the deal: no seat, no action), with the branches replacing its
 * action (none on a branch's steps).
 * @typedef {object} EditorStep
 * @property {number} step
 * @property {string} number the step's number as shown: "4" on the main line, "3·1" in a branch
 * @property {number | null} seat
 * @property {ActionView | null} action
 * @property {boolean} agrees whether the action was the partner's agreement ("Agree")
 * @property {string} note
 * @property {EditorBranch[]} branches
 */

/**
 * A branch of the scenario editor's main line.
 * @typedef {object} EditorBranch
 * @property {number} index
 * @property {EditorStep[]} steps
 */

/**
 * The `editor` trait: the scenario editor while the table is in it.
 * @typedef {object} EditorView
 * @property {"deal" | "play"} stage
 * @property {string} title
 * @property {number} mano
 * @property {number[]} scores
 * @property {RulesView} rules
 * @property {(string | null)[][]} deal four slots per seat: a card or null
 * @property {number} dealt
 * @property {string[]} names
 * @property {EditorStep[]} steps
 * @property {number | null} line the line selected: null for the main line, else a branch's index
 * @property {number} step
 * @property {boolean} what_if
 * @property {string | null} excluded
 * @property {number | null} mover
 * @property {Turn | null} turn
 * @property {string[]} hand
 * @property {boolean} over
 * @property {string} note
 * @property {string} text
 * @property {boolean} back
 * @property {string} file
 * @property {string} saved
 * @property {number} skipped
 */

// ---------------------------------------------------------------------------------------------- the quiz

/**
 * @typedef {object} QuizVerdict
 * @property {boolean} right
 * @property {string} text
 * @property {string} why
 */

/**
 * What the classroom server made of the latest answer: whether it holds an answer of the student's to the
 * question (this one or her first), and the line that says so.
 * @typedef {object} QuizRecord
 * @property {boolean} recorded
 * @property {string} text
 */

/**
 * The `state` trait of a quiz.
 * @typedef {object} QuizState
 * @property {string} language
 * @property {string} kind
 * @property {number} seed
 * @property {string} picture
 * @property {string} question
 * @property {[string, string][]} answers key and label
 * @property {string | null} chosen
 * @property {string | null} right
 * @property {QuizVerdict | null} verdict
 * @property {QuizRecord | null} record once the classroom server said what it made of the answer
 * @property {string} another
 * @property {string} lost
 * @property {string} snapshot
 */

/**
 * A seated student in a table of the teacher's list, with the labels of their buttons.
 * @typedef {object} ClassroomStudent
 * @property {number} seat
 * @property {string} name
 * @property {string} free
 * @property {string} confirm the question Free the seat asks first
 * @property {string} review
 */

/**
 * A table of the teacher's list.
 * @typedef {object} ClassroomTable
 * @property {string} table
 * @property {string} summary trusted markup, drawn by Python
 * @property {boolean} idle
 * @property {boolean} trouble the table needs the teacher: listed first
 * @property {boolean} over
 * @property {number | null} open_seat the empty seat the table waits on
 * @property {string} seat_bot the label of the button giving that seat a bot ("" for none)
 * @property {boolean} followable
 * @property {boolean} writable
 * @property {ClassroomStudent[]} students
 * @property {string} tell the placeholder of the box that writes to the table
 */

/**
 * An archived table of the teacher's list.
 * @typedef {object} ClassroomArchived
 * @property {string} table
 * @property {string} summary trusted markup, drawn by Python
 * @property {ClassroomStudent[]} students
 */

/**
 * The `state` trait of the teacher's list.
 * @typedef {object} ClassroomState
 * @property {string} language
 * @property {string} title
 * @property {string} lost
 * @property {string} none
 * @property {ClassroomTable[]} tables
 * @property {ClassroomArchived[]} archived
 * @property {string} expected who of the expected students has not joined yet ("" for nobody)
 * @property {string} refused the server's latest refusal of a request of the list
 * @property {string[][]} levels [level, label] of each choice for a seat of a new table ("": a student)
 * @property {string[]} seat_names
 * @property {string | null} following
 * @property {Record<string, string>} texts
 * @property {number} max_chat
 */

/**
 * The `chat` trait of the teacher's list: the class's chat, drawn.
 * @typedef {object} ClassChat
 * @property {string} html trusted markup, drawn by Python
 * @property {number} lines
 */

/**
 * The `review_view` trait of the teacher's list: a student's review opened in the room, or the class's
 * results (`table` "" and `seat` -1).
 * @typedef {object} ClassroomReview
 * @property {string} table
 * @property {number} seat
 * @property {string} title
 * @property {string} progress
 * @property {string} html trusted markup, drawn by Python ("" until complete)
 * @property {string} close the text of its Close button
 */

// ---------------------------------------------------------------------------------------------- the views' own
// Not synced, so not in Python: the table's traits by name, a view's own state, and the context of the views.

/**
 * The synced traits of a table, by name (what `model.get` returns).
 * @typedef {object} TableTraits
 * @property {string} _id
 * @property {TableState} state
 * @property {HistoryLine[]} history the game's earlier hands and their counts (synced apart: once a hand)
 * @property {Record<string, string>} messages
 * @property {Setup} setup
 * @property {boolean} tips
 * @property {boolean} coach
 * @property {string} language
 * @property {number} pace
 * @property {Partial<ErrorView>} error
 * @property {Partial<Room>} room
 * @property {Partial<ReviewView>} decisions the student's decisions graded so far (the review)
 * @property {Partial<EditorView>} editor the scenario editor while the table is in it
 */

/**
 * The synced traits of a quiz, by name.
 * @typedef {object} QuizTraits
 * @property {string} _id
 * @property {QuizState} state
 */

/**
 * The synced traits of the teacher's list, by name.
 * @typedef {object} ClassroomTraits
 * @property {string} _id
 * @property {ClassroomState} state
 * @property {Partial<ClassChat>} chat
 * @property {Partial<ClassroomReview>} review_view
 */

/**
 * A widget's model as the views read it: `get` knows the traits of `T` and no other.
 * @template T
 * @typedef {object} Model
 * @property {<K extends keyof T>(name: K) => T[K]} get
 * @property {(event: string, callback: (...args: any[]) => void) => void} on
 * @property {(event: string, callback: (...args: any[]) => void) => void} off
 * @property {(content: object) => void} send
 * @property {any} [widget_manager]
 */

/**
 * The new-game panel's form (js/views/newgame.js newForm).
 * @typedef {object} NewGameForm
 * @property {number} seat
 * @property {string[]} names
 * @property {string[]} bots
 * @property {RulesView} rules
 * @property {boolean} tips
 * @property {boolean} coach
 * @property {string} language
 * @property {number} pace
 * @property {string} seed
 */

/**
 * A view's own state, which other views of the same table do not share (js/widget.js freshUi).
 * @typedef {object} Ui
 * @property {Set<string>} selected the cards picked for a discard
 * @property {number | null} amount the slider's
 * @property {string} turnKey
 * @property {boolean} senasOpen
 * @property {string | null} fold the side panel unfolded in a narrow table
 * @property {number | null} info the seat whose player info is open
 * @property {NewGameForm | null} form
 * @property {string} tipsClosed
 * @property {string} tipsKey
 * @property {number} tipPage
 * @property {number} dismissedError
 * @property {number | null} waitingFor the state's `v` an intent waits to change
 * @property {string} chatDraft
 * @property {number | null} chatSeen
 * @property {boolean | null} faceUp
 * @property {number | null} stepTo the step asked for last while stepping, until the state shows it
 * @property {string | null} confirming
 * @property {string | null} focus
 * @property {number | null} countRow the count's row pointed at or focused
 * @property {string | null} note the note a tap opened (a bot's seña, a team's counters, a seña's meaning): its key
 * @property {Set<string> | null} newCards the student's cards served at the last discard
 * @property {number | null} replayTo the step of a reopened hand asked for and not shown yet
 * @property {boolean} review the review shown in place of the table
 * @property {boolean} reviewAll the review lists every decision, not only those to learn from
 * @property {boolean} fromReview the hand on the table was reopened from the review
 * @property {{seat: number, slot: number} | null} editorSlot the scenario editor's slot picked for the next card
 * @property {Set<string>} editorDiscard the cards picked for a discard in the scenario editor
 * @property {string | null} editorAmount the envido amount as typed in the scenario editor
 * @property {string} editorKey
 * @property {string | null} editorFile the file name typed, until saved
 * @property {boolean} overwrite replace the file when saving
 * @property {string} copied "ok" once the scenario text is copied, "select" when it is selected for Ctrl+C
 * @property {boolean} rulesOpen the editor's rule options unfolded
 */

/**
 * A catalogue text by id, its {placeholders} filled from `values` (js/i18n.js translator).
 * @typedef {(id: string, values?: Record<string, unknown>) => string} Translate
 */

/**
 * What every view of the table is given (js/widget.js draw): the synced traits, the texts, the view's own state,
 * and the intents.
 * @typedef {object} Ctx
 * @property {TableState} state
 * @property {HistoryLine[]} history the game's earlier hands and their counts
 * @property {Translate} t
 * @property {Ui} ui
 * @property {Record<string, string>} messages
 * @property {Partial<Setup>} setup empty until the table sends its own
 * @property {Partial<Room>} room
 * @property {Partial<ReviewView>} review the student's decisions graded so far
 * @property {Partial<EditorView>} editor the scenario editor while the table is in it
 * @property {boolean} tips
 * @property {Partial<ErrorView>} error
 * @property {boolean} waiting
 * @property {number | null} freshFrom the log index from which bubbles are new
 * @property {() => void} redraw
 * @property {(action: string, sure?: boolean) => void} act
 * @property {() => void} confirm
 * @property {() => void} cancelConfirm
 * @property {() => void} nextHand
 * @property {(sena: string) => void} makeSena
 * @property {() => void} say
 * @property {(card: string) => void} toggleCard
 * @property {(row: number | null, leaving?: number | null) => void} markRow
 * @property {() => void} toggleSenas
 * @property {(key: string) => void} toggleNote
 * @property {(name: string) => void} toggleFold
 * @property {(seat: number) => void} toggleInfo
 * @property {(page: number) => void} pageTip
 * @property {(key: string) => void} closeTips
 * @property {(code: string) => void} setLanguage
 * @property {(on: boolean) => void} setTips
 * @property {(seq: number) => void} dismissError
 * @property {() => void} openNewGame
 * @property {() => void} rematch at a served table: a new match at the same table, the same players
 * @property {() => void} closeNewGame
 * @property {() => void} startGame
 * @property {(to: number) => void} step
 * @property {(branch: number | null) => void} stepBranch
 * @property {(on: boolean) => void} setFaceUp
 * @property {() => void} playOn
 * @property {(hand: number) => void} openReplay
 * @property {(to: number) => void} replayStep
 * @property {() => void} closeReplay
 * @property {() => void} openReview
 * @property {() => void} closeReview
 * @property {(on: boolean) => void} setReviewAll
 * @property {(row: number) => void} openDecision
 * @property {() => void} backToReview
 * @property {(at: number) => void} tryAgain
 * @property {(op: string, values: object) => void} edit
 * @property {(seat: number, slot: number) => void} pickSlot
 * @property {(card: string) => void} dealCard
 * @property {(card: string) => void} toggleDiscard
 * @property {() => void} toggleRules
 * @property {() => void} copyText
 * @property {(hand: number | null, game: number | null) => void} makeLesson
 * @property {() => void} closeLesson
 */

export {};
