// SPDX-License-Identifier: GPL-2.0-or-later
// Hot SECONDS: a known hot Java method for t/containers/java.sh, as
// pf-hot.js is for node: hotLoop takes nearly all of the CPU until
// SECONDS have passed.  Prints "ready" first, "done true" at the end.
public class Hot {
	static long hotLoop(long n) {
		long x = 0;
		for (long i = 0; i < n; i++)
			x = (x * 31 + i) % 1000003;
		return x;
	}

	public static void main(String[] args) {
		long end = System.currentTimeMillis() +
		    1000L * Integer.parseInt(args[0]);
		long s = 0;

		System.out.println("ready");
		System.out.flush();
		while (System.currentTimeMillis() < end)
			s += hotLoop(200000);
		System.out.println("done " + (s > 0));
	}
}
