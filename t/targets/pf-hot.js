// SPDX-License-Identifier: GPL-2.0-or-later
// pf-hot.js SECONDS: a known hot JavaScript function for t/profile/node.sh.
// hotLoop takes ~10/11 of the CPU, coldLoop calls it for the rest.
'use strict';
function hotLoop(n) {
	let x = 0;
	for (let i = 0; i < n; i++)
		x = (x * 31 + i) % 1000003;
	return x;
}
function coldLoop(n) { return hotLoop(n / 10); }
const end = Date.now() + 1000 * (+process.argv[2] || 2);
console.log('ready');
let s = 0;
while (Date.now() < end)
	s += hotLoop(2e5) + coldLoop(2e5);
console.log('done ' + (s > 0));
