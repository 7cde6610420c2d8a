// ObjectiveC: the root class, the NSObject protocol, and the attributes the other stand-ins are written with
// (what Apple's NS_* and API_AVAILABLE macros expand to).
#include <stdbool.h>

#define SK_IOS(version) __attribute__((availability(ios, introduced = version)))
#define SK_NOT_TVOS __attribute__((availability(tvos, unavailable)))
#define SK_UI_ACTOR __attribute__((swift_attr("@MainActor")))
#define SK_NONISOLATED __attribute__((swift_attr("nonisolated")))
#define SK_NO_ASYNC __attribute__((swift_async(none)))
#define SK_SENDABLE __attribute__((swift_attr("@Sendable")))
#define SK_NAME(name) __attribute__((swift_name(name)))
#define SK_DESIGNATED __attribute__((objc_designated_initializer))
#define SK_UNAVAILABLE __attribute__((unavailable))
#define SK_STRING_ENUM __attribute__((swift_wrapper(struct)))
#define SK_CF_TYPE __attribute__((objc_bridge(id)))
#define SK_OPTIONS(base, name)                                                                                         \
  enum __attribute__((flag_enum, enum_extensibility(open))) name : base name;                                         \
  enum name : base
#define SK_ENUM(base, name)                                                                                            \
  enum __attribute__((enum_extensibility(open))) name : base name;                                                    \
  enum name : base

typedef bool BOOL;
typedef struct objc_selector *SEL;
typedef long NSInteger;
typedef unsigned long NSUInteger;

@protocol NSObject
- (BOOL)isEqual:(nullable id)other;
@end

__attribute__((objc_root_class))
@interface NSObject <NSObject>
+ (nonnull instancetype)alloc;
- (nonnull instancetype)init;
@end
