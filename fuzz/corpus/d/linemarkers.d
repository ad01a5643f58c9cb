#line 9 "a.d"
BEGIN
{
# 1 "inc/h\"x.h" 1
	x = 1;
# 12 "a.d" 2
	trace(x);
#line 4
	exit(0);
}
