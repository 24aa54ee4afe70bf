#!/usr/bin/env node
// A small rules engine behind the mtg-conformance stdio protocol (docs/protocol.md), in plain Node.js.
//
// The engine (top) plays basic lands, Wastes, dual lands and Llanowar Elves: tapping them for mana,
// an effect tapping a permanent, and the turn's steps (untapping, drawing, losing to an empty library,
// mana pools emptying, summoning sickness wearing off). The protocol (bottom) is generic: to certify your
// own engine, copy this file, keep the protocol part and replace `Game` with calls into your engine.
// README.md says how to add a card and how to run the suite.
'use strict';

const readline = require('node:readline');

const PROTOCOL_VERSION = 1;

// ---- cards ----------------------------------------------------------------------------------------
// A card's mana abilities, in the order the contract numbers them (`activate_mana`'s `ability`):
// its printed ones, then those its basic land types give it, in WUBRG order (CR 305.6). Each one
// here costs {T} and adds one mana of the type listed.

const LAND_TYPE_MANA = {Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G'};

const CARDS = {
  'Plains': {types: ['land'], landTypes: ['Plains']},
  'Island': {types: ['land'], landTypes: ['Island']},
  'Swamp': {types: ['land'], landTypes: ['Swamp']},
  'Mountain': {types: ['land'], landTypes: ['Mountain']},
  'Forest': {types: ['land'], landTypes: ['Forest']},
  'Wastes': {types: ['land'], adds: ['C']},                                  // {T}: Add {C}.
  'Llanowar Elves': {types: ['creature'], adds: ['G']},                      // {T}: Add {G}.
  // Dual lands: no rules text, two basic land types, so two mana abilities (CR 305.6).
  'Badlands': {types: ['land'], landTypes: ['Swamp', 'Mountain']},
  'Bayou': {types: ['land'], landTypes: ['Swamp', 'Forest']},
  'Plateau': {types: ['land'], landTypes: ['Mountain', 'Plains']},
  'Savannah': {types: ['land'], landTypes: ['Forest', 'Plains']},
  'Scrubland': {types: ['land'], landTypes: ['Plains', 'Swamp']},
  'Taiga': {types: ['land'], landTypes: ['Mountain', 'Forest']},
  'Tropical Island': {types: ['land'], landTypes: ['Forest', 'Island']},
  'Tundra': {types: ['land'], landTypes: ['Island', 'Plains']},
  'Underground Sea': {types: ['land'], landTypes: ['Island', 'Swamp']},
  'Volcanic Island': {types: ['land'], landTypes: ['Island', 'Mountain']},
};

function manaAbilities(card) {
  const fromTypes = Object.keys(LAND_TYPE_MANA).filter((t) => (card.landTypes || []).includes(t));
  return [...(card.adds || []), ...fromTypes.map((t) => LAND_TYPE_MANA[t])];
}

// ---- the engine -----------------------------------------------------------------------------------

const STEPS = ['untap', 'upkeep', 'draw', 'main1', 'combat', 'main2', 'end', 'cleanup'];  // CR 500.1
const SCENARIO_STEPS = STEPS.slice(1, -1);
const MAX_PLAYERS = 2;
const MAXIMUM_HAND_SIZE = 7;                                                            // CR 402.2
const FEATURES = ['owner', 'sick'];          // the scenario features (docs/contract.md) set up below

// Deliberate bugs, to watch the suite catch one: `node harness.js --bug tap-check` lets a tapped
// permanent pay {T} again (CR 107.5); `--bug untap` untaps nothing in the untap step (CR 502.3).
const BUGS = ['tap-check', 'untap'];
const BUG = process.argv.includes('--bug') ? process.argv[process.argv.indexOf('--bug') + 1] : null;

class Refused extends Error {}    // a scenario this engine can't set up: answered as kind "refused"

class Rejected extends Error {    // an action the rules forbid: the observation names `reason`
  constructor(reason) {
    super(reason);
    this.reason = reason;
  }
}

// The scenario features (docs/contract.md#scenario-features) a battlefield entry uses.
function featuresOf(p) {
  const uses = {
    owner: (p.owner ?? p.controller) !== p.controller, sick: p.sick === true, phased_out: p.phased_out != null,
    counters: Object.values(p.counters ?? {}).some((n) => n > 0), chosen_color: p.chosen_color != null,
    attached_to_permanent: p.attached_to?.permanent !== undefined, tokens: p.token === true,
    attached_to_player: p.attached_to?.player !== undefined,
  };
  return Object.keys(uses).filter((feature) => uses[feature]);
}

function emptyPool() {
  return {W: 0, U: 0, B: 0, R: 0, G: 0, C: 0};
}

class Game {
  // Set up a contract scenario, or throw Refused. Setting up draws nothing and triggers nothing.
  constructor(scenario) {
    const seats = scenario.players.length;
    if (seats > MAX_PLAYERS) throw new Refused(`${seats} players; this engine plays at most ${MAX_PLAYERS}`);
    const isSeat = (seat) => Number.isInteger(seat) && seat >= 0 && seat < seats;
    if (!isSeat(scenario.active_player)) throw new Refused('the active player is not a seat of this game');
    this.players = scenario.players.map((p, seat) => {
      const unknown = [...p.hand, ...p.library].find((name) => !(name in CARDS));
      if (unknown) throw new Refused(`player ${seat}: ${unknown} is not among this engine's cards`);
      if (p.life <= 0) throw new Refused(`player ${seat} has ${p.life} life: a state-based action applies`);
      return {life: p.life, hand: [...p.hand], library: [...p.library], graveyard: [], pool: emptyPool(),
              inGame: true, drewFromEmpty: false};
    });
    this.permanents = new Map();
    for (const p of scenario.battlefield) {
      if (this.permanents.has(p.id)) throw new Refused(`duplicate permanent id ${p.id}`);
      if (!(p.card in CARDS)) throw new Refused(`${p.id}: ${p.card} is not among this engine's cards`);
      const owner = p.owner ?? p.controller;
      if (!isSeat(p.controller) || !isSeat(owner)) throw new Refused(`${p.id} names a seat not in the game`);
      const missing = featuresOf(p).filter((feature) => !FEATURES.includes(feature));
      if (missing.length) throw new Refused(`${p.id}: undeclared scenario feature(s) ${missing}`);
      // `sick`: not controlled continuously since its controller's most recent turn began (CR 302.6);
      // `owner`: where it would go on leaving the battlefield (nothing here makes it leave yet).
      this.permanents.set(p.id, {card: p.card, owner, controller: p.controller, tapped: Boolean(p.tapped),
                                 sick: Boolean(p.sick)});
    }
    this.active = scenario.active_player;
    this.step = scenario.step;
    this.turn = scenario.turn;
  }

  // Perform one contract action; the observation after it. Every check comes before any change,
  // so a rejected action changes nothing.
  act(action) {
    const perform = {activate_mana: this.activateMana, tap: this.tap, advance: this.advance}[action.type];
    if (!perform) throw new Error(`unsupported action ${action.type}`);  // an engine error: not declared
    try {
      if (this.over()) throw new Rejected('game_over');                   // CR 104.2a
      perform.call(this, action);
      this.stateBasedActions();
    } catch (error) {
      if (error instanceof Rejected) return this.observe(error.reason);
      throw error;
    }
    return this.observe(null);
  }

  permanent(id) {
    const p = this.permanents.get(id);
    if (p === undefined) throw new Rejected('no_such_object');            // CR 400.1
    return p;
  }

  // Activate a mana ability and let it resolve (CR 605). `color` is ignored: each ability here
  // adds one fixed type (CR 608.2d); no replacement effect exists here for `order` to rank.
  activateMana(action) {
    const p = this.permanent(action.permanent);
    const card = CARDS[p.card];
    const abilities = manaAbilities(card);
    const index = action.ability ?? 0;
    if (!Number.isInteger(index) || index < 0 || index >= abilities.length) {
      throw new Rejected('illegal_choice');                               // CR 602.1: no such ability
    }
    const player = action.player ?? p.controller;
    if (!(Number.isInteger(player) && player >= 0 && player < this.players.length)) {
      throw new Rejected('no_such_object');                               // CR 102.1: no such seat
    }
    if (player !== p.controller) throw new Rejected('not_controller');   // CR 602.2
    if (p.tapped && BUG !== 'tap-check') throw new Rejected('tapped');   // CR 107.5: {T} needs it untapped
    if (card.types.includes('creature') && p.sick) throw new Rejected('summoning_sick');  // CR 302.6
    if ((action.x ?? 0) !== 0) throw new Rejected('illegal_choice');     // CR 107.3a: no X in its cost
    p.tapped = true;                                                      // pay {T}, then resolve
    this.players[player].pool[abilities[index]] += 1;
  }

  // An effect taps a permanent; one already tapped stays tapped (CR 701.26a).
  tap(action) {
    this.permanent(action.permanent).tapped = true;
  }

  // Go to the first `step` after crossing `turns` turn boundaries, doing each step on the way
  // (docs/contract.md#steps); stop early if the game ends.
  advance(action) {
    const turns = action.turns ?? 0;
    if (!SCENARIO_STEPS.includes(action.step) || !Number.isInteger(turns) || turns < 0) {
      throw new Rejected('illegal_choice');                               // CR 500.1
    }
    let crossed = 0;
    for (;;) {
      for (const player of this.players) player.pool = emptyPool();       // CR 106.4: a step ends
      crossed += this.nextStep();
      this.beginStep(action);
      this.stateBasedActions();
      if (this.over()) return;                                  // the game ended on the way (CR 104.1)
      if (this.step === action.step && crossed >= turns) return;
    }
  }

  // Move to the next step; 1 if a new turn began, else 0.
  nextStep() {
    const index = STEPS.indexOf(this.step);
    if (index === STEPS.length - 1) {
      this.turn += 1;
      this.active = (this.active + 1) % this.players.length;
      this.step = 'untap';
      return 1;
    }
    this.step = STEPS[index + 1];
    if (this.step === 'draw' && this.turn === 1 && this.players.length === 2) {
      this.step = 'main1';            // CR 103.8a: the starting player of a two-player game skips it
    }
    return 0;
  }

  // The turn-based actions as a step begins. Nothing here triggers, and `advance`'s `keep_tapped`,
  // `sacrifice` and `optional` concern no card here.
  beginStep(action) {
    const player = this.players[this.active];
    if (this.step === 'untap') {
      for (const p of this.permanents.values()) {
        if (p.controller !== this.active) continue;
        p.sick = false;                          // CR 302.6: controlled continuously since the turn began
        if (BUG !== 'untap') p.tapped = false;   // CR 502.3
      }
    } else if (this.step === 'draw') {
      this.draw(player);                                                  // CR 504.1
    } else if (this.step === 'cleanup') {
      let named = action.discard;          // CR 514.1: discard down to seven, the card named first
      while (player.hand.length > MAXIMUM_HAND_SIZE) {
        const at = Math.max(player.hand.indexOf(named), 0);              // else the first in hand
        player.graveyard.push(...player.hand.splice(at, 1));
        named = undefined;
      }
    }
  }

  draw(player) {
    if (player.library.length === 0) player.drewFromEmpty = true;         // CR 121.4: loses at 704.5b
    else player.hand.push(player.library.shift());                        // the top card
  }

  // CR 704.5b: a player who drew from an empty library loses. In a two-player game the other one
  // wins and the game ends at once; nothing else changes (CR 104.2a).
  stateBasedActions() {
    for (const player of this.players) {
      if (player.inGame && player.drewFromEmpty) player.inGame = false;
    }
  }

  over() {
    return this.players.some((player) => !player.inGame);
  }

  observe(rejected) {
    const permanents = {};
    for (const [id, p] of this.permanents) {
      permanents[id] = {zone: 'battlefield', phased_out: false, controller: p.controller, tapped: p.tapped,
                        counters: {}, attached_to: null};
    }
    const players = this.players.map((p) => ({
      life: p.life, mana: {...p.pool}, hand: p.hand.length, library: p.library.length,
      graveyard: p.graveyard.length, in_game: p.inGame, tokens: {},
    }));
    return {permanents, players, triggered: [], rejected};
  }
}

// What this engine is, and what it implements: the suite checks only this (docs/contract.md#capabilities).
const IDENTITY = {name: 'node-example', version: '2.0.0', homepage: '', issues: '', cr_edition: '2026-09-25'};
const CAPABILITIES = {contract: 1, cards: Object.keys(CARDS), actions: ['activate_mana', 'tap', 'advance'],
                      observes: [], max_players: MAX_PLAYERS, scenario: FEATURES};

// ---- the protocol: one JSON request per line on stdin, one JSON response per line on stdout ----

function answer(state, request) {
  switch (request.cmd) {
    case 'start':
      return {version: PROTOCOL_VERSION, identity: IDENTITY, capabilities: CAPABILITIES};
    case 'scenario':
      state.game = new Game(request.scenario);
      return {observation: state.game.observe(null)};
    case 'act':
      if (!state.game) throw new Error('no scenario set up');
      return {observation: state.game.act(request.action)};
    default:
      throw new Error(`unknown cmd ${request.cmd}`);
  }
}

function main() {
  if (BUG !== null && !BUGS.includes(BUG)) {
    process.stderr.write(`unknown --bug ${BUG}; one of ${BUGS.join(', ')}\n`);
    process.exit(2);
  }
  const state = {game: null};
  const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
  lines.on('line', (line) => {
    const request = JSON.parse(line);
    if (request.cmd === 'stop') process.exit(0);
    let response;
    try {
      response = {seq: request.seq, ...answer(state, request)};
    } catch (error) {
      const message = String(error.message || error).replace(/\s+/g, ' ') || 'error';
      response = {seq: request.seq, error: {message, kind: error instanceof Refused ? 'refused' : 'engine'}};
    }
    process.stdout.write(JSON.stringify(response) + '\n');  // one line per response; logs go to stderr
  });
  lines.on('close', () => process.exit(0));
}

main();
