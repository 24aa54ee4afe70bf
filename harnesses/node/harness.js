#!/usr/bin/env node
// An example harness for the mtg-conformance stdio protocol (docs/protocol.md), with no dependencies.
// The protocol part (bottom) is generic: copy it, and replace ToyEngine with calls into your engine.
'use strict';

const readline = require('node:readline');

const PROTOCOL_VERSION = 1;

// ---- the engine: a toy that knows basic lands and their mana abilities, nothing else ----

const COLORS = {Plains: 'W', Island: 'U', Swamp: 'B', Mountain: 'R', Forest: 'G'};

class Refused extends Error {} // the request breaks the contract: answered as an error of kind "refused"

class ToyEngine {
  identity() {
    return {name: 'toy-basic-lands', version: '1.0.0', homepage: '', issues: '', cr_edition: '2026-09-25'};
  }

  // Honest capabilities: only the cards, actions and scenario features this engine really implements.
  capabilities() {
    return {contract: 1, cards: Object.keys(COLORS), actions: ['activate_mana'], observes: [], max_players: 4,
            scenario: ['phased_out', 'counters']};
  }

  start(scenario) {
    this.permanents = new Map();
    for (const p of scenario.battlefield) {
      if (this.permanents.has(p.id)) throw new Refused(`duplicate permanent id ${p.id}`);
      // The suite sends only declared scenario features; refuse the others rather than ignore them.
      if ((p.owner ?? p.controller) !== p.controller || p.sick || p.token || p.attached_to || p.chosen_color) {
        throw new Refused(`${p.id}: a scenario feature this engine did not declare`);
      }
      if (!(p.card in COLORS)) throw new Error(`unsupported card ${p.card}`);
      this.permanents.set(p.id, {
        card: p.card, controller: p.controller, tapped: Boolean(p.tapped),
        phasedOut: Boolean(p.phased_out), counters: {...(p.counters || {})},
      });
    }
    this.players = scenario.players.map((p) => ({
      life: p.life, mana: {W: 0, U: 0, B: 0, R: 0, G: 0, C: 0}, hand: p.hand.length, library: p.library.length,
    }));
    return this.observe(null);
  }

  act(action) {
    if (action.type !== 'activate_mana') throw new Error(`unsupported action ${action.type}`);
    const permanent = this.permanents.get(action.permanent);
    if (permanent === undefined) return this.observe('no_such_object');
    if (permanent.phasedOut) return this.observe('phased_out');
    if ((action.player ?? permanent.controller) !== permanent.controller) return this.observe('not_controller');
    if (permanent.tapped) return this.observe('tapped');
    permanent.tapped = true;
    this.players[permanent.controller].mana[COLORS[permanent.card]] += 1;
    return this.observe(null);
  }

  observe(rejected) {
    const permanents = {};
    for (const [id, p] of this.permanents) {
      permanents[id] = {
        zone: 'battlefield', phased_out: p.phasedOut, controller: p.controller, tapped: p.tapped,
        counters: {...p.counters}, attached_to: null,
      };
    }
    const players = this.players.map((p) => ({
      life: p.life, mana: {...p.mana}, hand: p.hand, library: p.library, graveyard: 0, in_game: true, tokens: {},
    }));
    return {permanents, players, triggered: [], rejected};
  }
}

// ---- the protocol: one JSON request per line on stdin, one JSON response per line on stdout ----

function answer(engine, request) {
  switch (request.cmd) {
    case 'start':
      return {version: PROTOCOL_VERSION, identity: engine.identity(), capabilities: engine.capabilities()};
    case 'scenario':
      return {observation: engine.start(request.scenario)};
    case 'act':
      return {observation: engine.act(request.action)};
    default:
      throw new Error(`unknown cmd ${request.cmd}`);
  }
}

function main() {
  const engine = new ToyEngine();
  const lines = readline.createInterface({input: process.stdin, crlfDelay: Infinity});
  lines.on('line', (line) => {
    const request = JSON.parse(line);
    if (request.cmd === 'stop') process.exit(0);
    let response;
    try {
      response = {seq: request.seq, ...answer(engine, request)};
    } catch (error) {
      const message = String(error.message || error).replace(/\s+/g, ' ') || 'error';
      response = {seq: request.seq, error: {message, kind: error instanceof Refused ? 'refused' : 'engine'}};
    }
    process.stdout.write(JSON.stringify(response) + '\n'); // one line per response; logs go to stderr
  });
  lines.on('close', () => process.exit(0));
}

main();
