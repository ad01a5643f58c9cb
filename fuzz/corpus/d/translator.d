struct in { int a; int b; };
struct out { int sum; string name; };
translator struct out < struct in *P > { sum = P->a + P->b; };
translator struct out < string S > { name = S; };
inline struct out o = xlate<struct out>("x");
int*q;
BEGIN
{
	this->p = (struct in *)alloca(sizeof (struct in));
	trace(xlate<struct out *>(this->p)->sum + sizeof (xlate<struct out>(1)));
	trace(o.name);
	v = *xlate<struct out *>(this->p);
	trace(v.sum);
	trace(((struct in)*this->p).a);
	exit(0);
}
