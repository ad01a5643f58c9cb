/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/profile.h: the period that the profile provider's names give
 * (profile-N, one sample of every thread on CPU N times a second; tick-N,
 * one firing each period).  The provider is pb_profile_provider
 * (provider.h).
 */
#ifndef PB_PROFILE_H
#define PB_PROFILE_H

#include <stdint.h>

/*
 * The period in ns of a name "tick-N[unit]" or "profile-N[unit]": N per
 * second without a unit or with hz, else N ns, us, ms, s, m, h or d
 * (nsec, usec, msec, sec, min, hour, day), as dtrace's profile provider.
 * 0 when name is not one of these or the number is 0 or out of range.
 * prefix is "tick-" or "profile-".
 */
uint64_t	pb_profile_period(const char *name, const char *prefix);

#endif /* PB_PROFILE_H */
