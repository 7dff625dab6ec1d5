/* app: the applications that share a heterogeneous L2 (SPEC 3.8), for the TAP family's
 * parameters (tap.h, drrip.h, umon.h), their C model and their RTL.
 * App k < C is CPU port k (system.cpu_cores = C), app C is the GPU (all GPU cores together).
 * Invariant: apps = C + 1 <= APP_MAX, so an owner field is at most 4 bits. */
#ifndef CACHEGEN_APP_H
#define CACHEGEN_APP_H

#define APP_MAX 16 /* applications the model holds state for: C <= 15 */

/* The GPU's application number with C CPU ports. */
static inline unsigned app_gpu(unsigned cpu_ports) { return cpu_ports; }

#endif
