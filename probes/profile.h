/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * probes/profile.h: the profile provider's probes, profile-N (one
 * sample of every thread on CPU, N times a second; probes/provider.h),
 * and the period both profile-N and tick-N names give.
 */
#ifndef PB_PROFILE_H
#define PB_PROFILE_H

#include <stdint.h>

#include "probes/provider.h"

/*
 * The period in ns of a name "tick-N[unit]" or "profile-N[unit]": N per
 * second without a unit or with hz, else N ns, us, ms, s, m, h or d
 * (nsec, usec, msec, sec, min, hour, day), as dtrace's profile provider.
 * 0 when name is not one of these or the number is 0 or out of range.
 * prefix is "tick-" or "profile-".
 */
uint64_t	pb_profile_period(const char *name, const char *prefix);

extern const pb_provider_t pb_profile_provider;

#endif /* PB_PROFILE_H */
