// SPDX-License-Identifier: GPL-2.0-or-later
// leveldown-put.js: the first user story's Node.js program.  Opens a
// LevelDB store with leveldown and does puts in batches: each SIGUSR1
// starts a batch of BATCH puts (one at a time, each waiting for the
// previous), and prints "done N" with the total so far when it ends.
// SIGTERM prints "puts N" and exits 0.  A test can so compare a trace's
// count with the exact number of puts done while traced.
//
// usage: node leveldown-put.js NODE_MODULES_PREFIX DBDIR [BATCH]
'use strict';
const path = require('path');
const leveldown = require(path.resolve(process.argv[2], 'node_modules', 'leveldown'));
const db = leveldown(process.argv[3]);
const batch = parseInt(process.argv[4] || '1000', 10);
let puts = 0;
let busy = false;

function run(left) {
  if (left === 0) {
    busy = false;
    console.log('done ' + puts);
    return;
  }
  db.put('key' + (puts % 500), 'value'.repeat(1 + puts % 40), (err) => {
    if (err) {
      console.error('put: ' + err);
      process.exit(1);
    }
    puts++;
    run(left - 1);
  });
}

db.open((err) => {
  if (err) {
    console.error('open: ' + err);
    process.exit(1);
  }
  process.on('SIGUSR1', () => { if (!busy) { busy = true; run(batch); } });
  process.on('SIGTERM', () => {
    console.log('puts ' + puts);
    db.close(() => process.exit(0));
  });
  console.log('ready ' + process.pid);
  // Keep the event loop alive between batches.
  setInterval(() => {}, 1 << 30);
});
