tick-1ms, profile:::tick-10ms
{
	printf("%d %d %s %s %s\n", index("abc", "b"), rindex("abcb", "b"),
	    strstr("hay", "a"), basename("/a/b"), dirname("/a/b"));
	printf("%s %s %s\n", toupper("x"), tolower("Y"), strtok("a b", " "));
	@s = stddev(rand()); @a = avg(1); @m = min(2); @M = max(3);
	@c[execname, pid, tid, cpu] = sum(arg0);
	normalize(@c, 2); denormalize(@c); clear(@a); setopt("aggsortrev");
	trace(copyinstr(arg0)); exit(0);
}
ERROR { printf("%d %d %d\n", arg1, arg2, arg4); }
