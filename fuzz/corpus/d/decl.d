self uint64_t start;
this string who;
long long totals[string];
tick-1ms { self->start = vtimestamp; this->who = execname; }
tick-1ms /self->start/ { totals[this->who] += timestamp - self->start; }
