// SPDX-License-Identifier: GPL-2.0-or-later
// t/tracer/lv-put.js: leveldown puts on command, for pidtrace-leveldown.sh.
// node lv-put.js NODE_DIR DB_DIR; stdin: "put N" (prints "put N" when all
// are written), "quit".
const leveldown = require(process.argv[2] + '/node_modules/leveldown');
const db = leveldown(process.argv[3]);
const readline = require('readline');
db.open((err) => {
  if (err) throw err;
  console.log('ready');
  const rl = readline.createInterface({ input: process.stdin });
  rl.on('line', (line) => {
    const m = /^put (\d+)/.exec(line);
    if (m) {
      const n = +m[1]; let done = 0;
      for (let i = 0; i < n; i++)
        db.put('k' + i, 'v'.repeat(i % 50), (e) => { if (e) throw e; if (++done === n) console.log('put ' + n); });
    } else if (line === 'quit') {
      db.close(() => { console.log('closed'); process.exit(0); });
    }
  });
});
