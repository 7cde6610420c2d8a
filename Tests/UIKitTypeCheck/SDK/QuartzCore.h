// QuartzCore: the layer properties the layer sets, the display link that paces it, and its clock.
#import "CoreGraphics.h"
#import "Foundation.h"

#pragma clang assume_nonnull begin

typedef double CFTimeInterval;

CFTimeInterval CACurrentMediaTime(void) SK_IOS(2.0);

typedef SK_OPTIONS(NSUInteger, CACornerMask){
    kCALayerMinXMinYCorner = 1U << 0,
    kCALayerMaxXMinYCorner = 1U << 1,
    kCALayerMinXMaxYCorner = 1U << 2,
    kCALayerMaxXMaxYCorner = 1U << 3,
};

SK_IOS(2.0)
@interface CALayer : NSObject
@property (nullable, strong) id contents;
@property CGFloat zPosition;
@property CGFloat cornerRadius;
@property CACornerMask maskedCorners SK_IOS(11.0);
@property BOOL masksToBounds;
@property float shadowOpacity;
@property CGFloat shadowRadius;
@property CGSize shadowOffset;
@property (nullable) CGPathRef shadowPath;
@end

struct CAFrameRateRange {
  float minimum;
  float maximum;
  float preferred;
} SK_IOS(15.0);
typedef struct CAFrameRateRange CAFrameRateRange SK_IOS(15.0);

extern const CAFrameRateRange CAFrameRateRangeDefault SK_IOS(15.0) SK_NAME("CAFrameRateRange.default");

SK_IOS(3.1)
@interface CADisplayLink : NSObject
+ (CADisplayLink *)displayLinkWithTarget:(id)target selector:(SEL)sel;
- (void)addToRunLoop:(NSRunLoop *)runloop forMode:(NSRunLoopMode)mode;
- (void)invalidate;
@property (readonly, nonatomic) CFTimeInterval targetTimestamp SK_IOS(10.0);
@property (nonatomic) CAFrameRateRange preferredFrameRateRange SK_IOS(15.0);
@end

#pragma clang assume_nonnull end
