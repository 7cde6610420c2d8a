// Foundation: what the UIKit and QuartzCore stand-ins name, and the notification calls the layer makes.
#import "ObjectiveC.h"

#pragma clang assume_nonnull begin

typedef double NSTimeInterval SK_NAME("TimeInterval");

@interface NSString : NSObject
@end

@interface NSArray<__covariant Element> : NSObject
@end

@interface NSDictionary<__covariant Key, __covariant Value> : NSObject
@end

@interface NSBundle : NSObject
@end

@interface NSCoder : NSObject
@end

@protocol NSCoding
- (void)encodeWithCoder:(NSCoder *)coder;
- (nullable instancetype)initWithCoder:(NSCoder *)coder;
@end

typedef NSString *NSNotificationName SK_STRING_ENUM SK_NAME("NSNotification.Name");

@interface NSNotification : NSObject
@property (readonly, copy) NSNotificationName name;
@property (nullable, readonly, retain) id object;
@property (nullable, readonly, copy) NSDictionary *userInfo;
- (instancetype)init SK_UNAVAILABLE;
@end

SK_NAME("OperationQueue")
@interface NSOperationQueue : NSObject
@property (class, readonly, strong) NSOperationQueue *mainQueue;
@end

SK_NAME("NotificationCenter")
@interface NSNotificationCenter : NSObject
@property (class, readonly, strong) NSNotificationCenter *defaultCenter;
- (id<NSObject>)addObserverForName:(nullable NSNotificationName)name
                            object:(nullable id)object
                             queue:(nullable NSOperationQueue *)queue
                        usingBlock:(void (SK_SENDABLE ^)(NSNotification *notification))block;
- (void)removeObserver:(id)observer;
@end

SK_IOS(2.0)
@interface NSValue : NSObject
@end

SK_IOS(2.0)
@interface NSNumber : NSValue
- (NSNumber *)initWithDouble:(double)value SK_DESIGNATED;
@end

@interface NSObject (NSKeyValueCoding)
- (void)setValue:(nullable id)value forKeyPath:(NSString *)keyPath;
@end

typedef NSString *NSRunLoopMode SK_STRING_ENUM SK_NAME("RunLoop.Mode");

SK_NAME("RunLoop")
@interface NSRunLoop : NSObject
@property (class, readonly, strong) NSRunLoop *mainRunLoop;
@end

extern NSRunLoopMode const NSRunLoopCommonModes SK_NAME("common");

#pragma clang assume_nonnull end
