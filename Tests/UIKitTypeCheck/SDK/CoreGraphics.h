// CoreGraphics: the geometry types, and the bitmap context the blurred backdrop draws into.
#include <stddef.h>
#include <stdint.h>
#import "ObjectiveC.h"

#pragma clang assume_nonnull begin
#pragma clang arc_cf_code_audited begin

typedef double CGFloat;

struct CGPoint {
  CGFloat x;
  CGFloat y;
};
typedef struct CGPoint CGPoint;

struct CGSize {
  CGFloat width;
  CGFloat height;
};
typedef struct CGSize CGSize;

struct CGRect {
  CGPoint origin;
  CGSize size;
};
typedef struct CGRect CGRect;

struct CGAffineTransform {
  CGFloat a, b, c, d;
  CGFloat tx, ty;
};
typedef struct CGAffineTransform CGAffineTransform;

typedef const struct SK_CF_TYPE CGPath *CGPathRef;
typedef struct SK_CF_TYPE CGContext *CGContextRef;
typedef struct SK_CF_TYPE CGColorSpace *CGColorSpaceRef;
typedef struct SK_CF_TYPE CGImage *CGImageRef;

typedef uint32_t CGBitmapInfo;

typedef enum __attribute__((enum_extensibility(closed))) CGImageAlphaInfo : uint32_t CGImageAlphaInfo;
enum CGImageAlphaInfo : uint32_t {
  kCGImageAlphaNone,
  kCGImageAlphaPremultipliedLast,
  kCGImageAlphaPremultipliedFirst,
  kCGImageAlphaLast,
  kCGImageAlphaFirst,
  kCGImageAlphaNoneSkipLast,
  kCGImageAlphaNoneSkipFirst,
  kCGImageAlphaOnly
};

CGColorSpaceRef CGColorSpaceCreateDeviceRGB(void) SK_IOS(2.0);

CGContextRef _Nullable CGBitmapContextCreate(void *_Nullable data, size_t width, size_t height,
                                             size_t bitsPerComponent, size_t bytesPerRow, CGColorSpaceRef space,
                                             uint32_t bitmapInfo)
    SK_IOS(2.0) SK_NAME("CGContext.init(data:width:height:bitsPerComponent:bytesPerRow:space:bitmapInfo:)");

CGImageRef _Nullable CGBitmapContextCreateImage(CGContextRef context)
    SK_IOS(2.0) SK_NAME("CGContext.makeImage(self:)");

void CGContextTranslateCTM(CGContextRef c, CGFloat tx, CGFloat ty)
    SK_IOS(2.0) SK_NAME("CGContext.translateBy(self:x:y:)");

void CGContextScaleCTM(CGContextRef c, CGFloat sx, CGFloat sy)
    SK_IOS(2.0) SK_NAME("CGContext.scaleBy(self:x:y:)");

CGPathRef CGPathCreateWithRoundedRect(CGRect rect, CGFloat cornerWidth, CGFloat cornerHeight,
    const CGAffineTransform *_Nullable transform) SK_IOS(7.0)
    SK_NAME("CGPath.init(roundedRect:cornerWidth:cornerHeight:transform:)");

#pragma clang arc_cf_code_audited end
#pragma clang assume_nonnull end
