/* casts, ternaries, shifts, strings */
BEGIN /1 ^^ 0/ {
	this->v = (char)300 + (unsigned short)-1 * 3 / 2 % 7 << 2 >> 1;
	t = this->v > 5 ? "big" : "small";
	printf("%-8s %5d %x %p %c %s\n", t, this->v, -1, 4096, 'x', $$1);
	trace(strjoin(substr("hello", 1, 3), lltostr(sizeof (int))));
	i++; i += 2; i <<= 1; --i;
	if (i) { trace(i); } else if (!i) ; else { exit(1); }
}
