#pragma once
// Status and Expected live in the runtime library (core/runtime/status.h).
#include "core/runtime/status.h"
