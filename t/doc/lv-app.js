// SPDX-License-Identifier: GPL-2.0-or-later
// lv-app.js: the Node.js program of the README's leveldown story, for
// t/doc/readme-leveldown.sh.  Opens a LevelDB store with leveldown,
// prints "ready", then does what each line of its standard input says
// and prints "ok" when it is done:
//	puts N		N puts, one after another (key k<i>, value "v")
//	kv KEY N	one put of KEY with a value of N bytes ("x"...)
// usage: node lv-app.js NODE_MODULES_PREFIX DBDIR
'use strict';
const path = require('path');
const readline = require('readline');
const leveldown = require(path.resolve(process.argv[2], 'node_modules', 'leveldown'));
const db = leveldown(process.argv[3]);
let queue = Promise.resolve();

function put(k, v) {
  return new Promise((resolve, reject) => {
    db.put(k, v, (err) => (err ? reject(err) : resolve()));
  });
}

async function run(line) {
  const w = line.trim().split(/\s+/);
  if (w[0] === 'puts') {
    for (let i = 0; i < parseInt(w[1], 10); i++)
      await put('k' + i, 'v');
  } else if (w[0] === 'kv') {
    await put(w[1], 'x'.repeat(parseInt(w[2], 10)));
  }
  console.log('ok');
}

db.open((err) => {
  if (err) {
    console.error('open: ' + err);
    process.exit(1);
  }
  console.log('ready');
  readline.createInterface({ input: process.stdin }).on('line', (l) => {
    queue = queue.then(() => run(l)).catch((e) => {
      console.error('put: ' + e);
      process.exit(1);
    });
  }).on('close', () => queue.then(() => db.close(() => process.exit(0))));
});
